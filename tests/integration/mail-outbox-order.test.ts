import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "#server/mail/mailer.ts";
import { listOutbox, readOutboxMessage } from "#server/mail/outbox.ts";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the development outbox", () => {
  // The mail sender hands a batch to the transport side by side (src/server/mail/mail-sender.ts): a receipt with its
  // attachment queued before a login link must still read as the older of the two, or a test (and a
  // developer at /dev/mail) takes the receipt's superseded login link for the newest one.
  it("keeps the messages in the order they were handed over, not the order they were written", async () => {
    dir = await mkdtemp(join(tmpdir(), "outbox-order-"));
    const mailer = createMailer({ from: "Pathwise <hello@pathwise.local>", outboxDir: dir });
    const receipt = {
      to: "ada@example.org",
      subject: "Your Pathwise receipt",
      text: "Your receipt.",
      html: "<p>Your receipt.</p>",
      attachments: [{ filename: "receipt.txt", contentType: "text/plain", content: "line of the receipt\n".repeat(50_000) }],
    };
    const loginLink = { to: "ada@example.org", subject: "Your Pathwise login link", text: "Your link.", html: "<p>Your link.</p>" };
    await Promise.all([mailer.send(receipt), mailer.send(loginLink)]);
    mailer.close();

    const oldestFirst = (await listOutbox(dir)).reverse();
    const subjects = await Promise.all(oldestFirst.map(async (f) => (await readOutboxMessage(dir!, f))?.subject));
    expect(subjects).toEqual(["Your Pathwise receipt", "Your Pathwise login link"]);
  });
});
