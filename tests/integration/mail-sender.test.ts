import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#server/db/client.ts";
import { mailOutbox } from "#server/db/schema.ts";
import { queueMail } from "#server/mail/mail-queue.ts";
import type { MailSenderOptions } from "#server/mail/delivery-rules.ts";
import { createMailSender } from "#server/mail/mail-sender.ts";
import type { Mailer, Message } from "#server/mail/mailer.ts";
import { freshDatabase } from "../helpers/test-database.ts";
import { UNTIL_MS } from "../helpers/waits.ts";

let database: Database;
let db: Database["db"];

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(async () => database.close());
beforeEach(async () => void (await db.delete(mailOutbox)));

/** One turn of the event loop: a send that does not finish in the same turn it started. */
const nextTurn = () => new Promise((r) => setImmediate(r));

/** A transport that records what it sends; `fail(n)` makes the next n sends throw; `slow` sends take a turn of the event loop. */
function testMailer({ slow = false } = {}) {
  const sent: Message[] = [];
  let failures = 0;
  const calls = vi.fn();
  const mailer: Mailer & { sent: Message[]; calls: typeof calls; fail(n: number): void } = {
    kind: "outbox",
    sent,
    calls,
    fail: (n) => void (failures = n),
    async send(m) {
      calls(m);
      if (slow) await nextTurn();
      if (failures > 0) {
        failures -= 1;
        throw new Error("connection refused (test)");
      }
      sent.push(m);
    },
    close() {},
  };
  return mailer;
}

function testLog() {
  const log = {
    level: "info",
    fatal: vi.fn(),
    error: vi.fn(),
    warn: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
    trace: vi.fn(),
    silent: vi.fn(),
    child: () => log,
  };
  return log;
}

/** A started sender that only delivers when drained or kicked (no timer), with a logger the test reads. */
async function sender(mailer: Mailer, options: Partial<MailSenderOptions> = {}) {
  const log = testLog();
  const s = createMailSender(db, mailer, { intervalSeconds: 0, ...options });
  s.start(log);
  await s.drain(); // the pass start() runs is over before the test queues anything
  return Object.assign(s, { log });
}

let seq = 0;
const message = (n = ++seq): Message => ({
  to: `reader${n}@example.org`,
  subject: `Message ${n}`,
  text: `Your link: http://localhost/t/${n}`,
  html: `<p>link ${n}</p>`,
});
const queue = (m: Message = message(), dedupeKey?: string) => queueMail(db, "login-link", m, { dedupeKey });
const rows = () => db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
const only = async () => {
  const all = await rows();
  expect(all).toHaveLength(1);
  return all[0]!;
};
/** Seconds from now (database time) until the row is due. */
const dueIn = async (id: string) => {
  const [row] = await db
    .select({ s: sql<string>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())` })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return Number(row!.s);
};
/** What waiting for the backoff would do, without waiting. */
const makeDue = () => db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });

describe("queueing", () => {
  it("commits with the caller's transaction: a rolled-back change queues nothing", async () => {
    await expect(
      db.transaction(async (tx) => {
        await queueMail(tx, "password-reset", message());
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toEqual([]);
  });

  it("queues a dedupe key once", async () => {
    expect(await queue(message(), "receipt:one")).toBe(true);
    expect(await queue(message(), "receipt:one")).toBe(false);
    expect(await rows()).toHaveLength(1);
  });
});

describe("delivery", () => {
  it("sends a queued e-mail once, then clears its body and keeps kind, subject and recipient for support", async () => {
    const mailer = testMailer();
    const s = await sender(mailer);
    const m = message();
    await queue(m);
    await s.drain();
    await s.drain();
    expect(mailer.sent).toEqual([m]);
    const row = await only();
    expect(row).toMatchObject({
      status: "sent",
      attempts: 1,
      kind: "login-link",
      recipient: m.to,
      subject: m.subject,
      text: null,
      html: null,
      attachments: null,
      claimedUntil: null,
      lastError: null,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    await s.stop();
  });

  it("is kicked after a commit: the mail goes out at once without polling", async () => {
    const mailer = testMailer();
    const s = await sender(mailer);
    await queue();
    s.kick();
    await vi.waitFor(() => expect(mailer.sent).toHaveLength(1), { timeout: 30_000, interval: 10 });
    await s.stop();
  });

  it("polls every intervalSeconds for mail nobody kicked", async () => {
    const mailer = testMailer();
    const s = await sender(mailer, { intervalSeconds: 0.1 });
    await queue();
    await vi.waitFor(() => expect(mailer.sent).toHaveLength(1), { timeout: 30_000, interval: 20 });
    await s.stop();
  });

  it("retries a failing transport with exponential backoff up to the cap, then delivers", async () => {
    const mailer = testMailer();
    mailer.fail(3);
    const s = await sender(mailer, { maxAttempts: 5, backoffBaseSeconds: 10, backoffCapSeconds: 25 });
    const m = message();
    await queue(m);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await s.drain();
      const row = await only();
      expect(row).toMatchObject({ status: "queued", attempts: attempt, claimedUntil: null, lastError: "connection refused (test)", text: m.text });
      waits.push(await dueIn(row.id));
      await s.drain(); // not due yet: nothing happens
      expect(mailer.calls).toHaveBeenCalledTimes(attempt);
      await makeDue();
    }
    // 10 s, 20 s, then 40 s capped at 25 s (database time, read a moment after the failure: a busy
    // machine may take seconds between the two, never more than the 5 s that tells the steps apart)
    const backoffs = [10, 20, 25];
    expect(waits).toHaveLength(3);
    waits.forEach((wait, i) => {
      expect(wait).toBeLessThanOrEqual(backoffs[i]!);
      expect(wait).toBeGreaterThan(backoffs[i]! - 5);
    });
    await s.drain();
    expect(mailer.sent).toEqual([m]);
    expect(await only()).toMatchObject({ status: "sent", attempts: 4, lastError: null, text: null });
    expect(s.log.warn).toHaveBeenCalledTimes(3);
    expect(JSON.stringify(s.log.warn.mock.calls)).not.toContain(m.to);
    await s.stop();
  });

  it("marks the e-mail failed after maxAttempts and logs an error (kind and id, not the address)", async () => {
    const mailer = testMailer();
    mailer.fail(Infinity);
    const s = await sender(mailer, { maxAttempts: 3, backoffBaseSeconds: 1 });
    const m = message();
    await queue(m);
    for (let i = 0; i < 5; i++) {
      await s.drain();
      await makeDue();
    }
    expect(mailer.calls).toHaveBeenCalledTimes(3);
    const row = await only();
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "connection refused (test)", sentAt: null });
    expect(s.log.error).toHaveBeenCalledTimes(1);
    expect(s.log.error.mock.calls[0]![0]).toMatchObject({ mailId: row.id, kind: "login-link", attempt: 3 });
    expect(s.log.error.mock.calls[0]![1]).toMatch(/after 3 attempts; marked failed/);
    expect(JSON.stringify(s.log.error.mock.calls)).not.toContain(m.to);
    await s.stop();
  });

  it("marks failed a row whose last attempt's sender died, instead of leaving it queued forever", async () => {
    const mailer = testMailer();
    const s = await sender(mailer, { maxAttempts: 3 });
    await queue();
    await db.update(mailOutbox).set({ attempts: 3, claimedUntil: sql`now() - interval '1 second'` });
    await s.drain();
    expect(mailer.calls).not.toHaveBeenCalled();
    expect(await only()).toMatchObject({ status: "failed", lastError: "the sender stopped during the last attempt" });
    expect(s.log.error).toHaveBeenCalledTimes(1);
    await s.stop();
  });

  it("never sends a row whose body is gone (a sent row queued again by hand): it is marked failed", async () => {
    const mailer = testMailer();
    const s = await sender(mailer);
    await queue();
    await db.update(mailOutbox).set({ text: null, html: null });
    await s.drain();
    expect(mailer.calls).not.toHaveBeenCalled();
    expect(await only()).toMatchObject({ status: "failed", lastError: "no body to send" });
    await s.stop();
  });

  it("counts a transport that does not answer within sendTimeoutSeconds as a failure", async () => {
    const hung: Mailer = { kind: "smtp", send: () => new Promise(() => {}), close() {} };
    const s = await sender(hung, { sendTimeoutSeconds: 0.2 });
    await queue();
    await s.drain();
    expect(await only()).toMatchObject({ status: "queued", attempts: 1, lastError: "the mail transport did not answer within 0.2 s" });
    await s.stop();
  });
});

describe("several senders on one database", () => {
  it("deliver each e-mail exactly once", async () => {
    const a = testMailer({ slow: true });
    const b = testMailer({ slow: true });
    const sa = await sender(a, { batch: 5 });
    const sb = await sender(b, { batch: 5 });
    const queued = Array.from({ length: 60 }, () => message());
    for (const m of queued) await queue(m);
    sa.kick();
    sb.kick();
    await Promise.all([sa.drain(), sb.drain(), sa.drain(), sb.drain()]);
    const subjects = [...a.sent, ...b.sent].map((m) => m.subject).sort();
    expect(subjects).toEqual(queued.map((m) => m.subject).sort());
    expect((await rows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    await Promise.all([sa.stop(), sb.stop()]);
  });

  it("take over an e-mail whose claim lapsed (its sender died or hung); the late sender changes nothing", async () => {
    let release = () => {};
    const stuck = testMailer();
    const hanging: Mailer = {
      kind: "outbox",
      send: (m) => new Promise<void>((resolve) => (release = () => void stuck.send(m).then(resolve))),
      close() {},
    };
    const first = await sender(hanging, { claimSeconds: 1 });
    const second = testMailer();
    const other = await sender(second, { claimSeconds: 1 });
    const m = message();
    await queue(m);

    const firstDrain = first.drain();
    await vi.waitFor(async () => expect((await only()).attempts).toBe(1), { timeout: 30_000, interval: 10 });
    await other.drain();
    expect(second.sent).toEqual([]); // claimed by the first sender

    // Once the claim lapses (a second after it was taken), the other sender takes the e-mail over.
    await vi.waitFor(
      async () => {
        await other.drain();
        expect(second.sent).toEqual([m]);
      },
      { timeout: UNTIL_MS, interval: 100 },
    );
    expect(await only()).toMatchObject({ status: "sent", attempts: 2 });

    release(); // the first sender finally gets through: at least once, and its stale claim records nothing
    await firstDrain;
    expect(await only()).toMatchObject({ status: "sent", attempts: 2 });
    expect(first.log.warn).toHaveBeenCalledWith(expect.objectContaining({ attempt: 1 }), expect.stringMatching(/claim lapsed/));
    await Promise.all([first.stop(), other.stop()]);
  });
});
