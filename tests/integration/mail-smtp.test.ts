import type { ParsedMail } from "mailparser";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "#server/db/schema.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { localSmtpServer } from "../helpers/smtp-server.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, ORIGIN, type TestApp } from "../helpers/test-app.ts";

let smtp: Awaited<ReturnType<typeof localSmtpServer>>;
/** App sending through the SMTP server. */
let t: TestApp;
/** App writing to the outbox (no SMTP_URL). */
let outbox: TestApp;

beforeAll(async () => {
  smtp = await localSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  outbox = await createTestApp();
  await t.db.insert(customers).values([{ email: "smtp-ada@example.org" }, { email: "outbox-bea@example.org" }]);
});
afterAll(async () => {
  await t.close();
  await outbox.close();
  await smtp.close();
  await closeSharedDatabase();
});

const textOf = (m: ParsedMail) => m.text ?? "";
const htmlOf = (m: ParsedMail) => (typeof m.html === "string" ? m.html : "");
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;");

describe("real SMTP (SMTP_URL set)", () => {
  it("sends the login link and the password reset with To, subject, an HTML part and a text part carrying the link", async () => {
    expect(t.app.services.mailer.kind).toBe("smtp");
    const browser = client(t.app, "203.0.113.150");
    expect((await browser.post("/api/auth/login-link", { email: "smtp-ada@example.org" })).statusCode).toBe(202);
    expect((await browser.post("/api/auth/reset-password", { email: "smtp-ada@example.org" })).statusCode).toBe(202);
    await t.app.services.mail.drain();

    expect(smtp.received).toHaveLength(2);
    const login = smtp.received.find((r) => r.mail.subject === "Your Pathwise login link");
    const reset = smtp.received.find((r) => r.mail.subject === "Reset your Pathwise password");
    expect(login).toBeDefined();
    expect(reset).toBeDefined();

    for (const { envelopeTo, mail } of [login!, reset!]) {
      expect(envelopeTo).toEqual(["smtp-ada@example.org"]);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual(["smtp-ada@example.org"]);
      expect(mail.from?.value[0]?.address).toBe("hello@pathwise.local");
      expect(htmlOf(mail)).toMatch(/^<!doctype html>/i);
      expect(textOf(mail).length).toBeGreaterThan(50);
    }

    const loginUrl = textOf(login!.mail)
      .match(/https?:\/\/\S+/g)!
      .find((u) => u.includes("tmp_token="))!;
    expect(loginUrl.startsWith(`${ORIGIN}/login?`)).toBe(true);
    expect(htmlOf(login!.mail)).toContain(`href="${escapeHtml(loginUrl)}"`);

    const resetUrl = textOf(reset!.mail)
      .match(/https?:\/\/\S+/g)!
      .find((u) => u.includes("/reset-password?token="))!;
    expect(resetUrl.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true);
    expect(htmlOf(reset!.mail)).toContain(`href="${escapeHtml(resetUrl)}"`);

    const link = new URL(loginUrl);
    expect(link.searchParams.get("email")).toBe("smtp-ada@example.org");
    const res = await client(t.app, "203.0.113.151").post("/api/auth/login", {
      email: link.searchParams.get("email"),
      tmp_token: link.searchParams.get("tmp_token"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe("smtp-ada@example.org");
  });

  it("sends nothing for an unknown address and writes no outbox file", async () => {
    const before = smtp.received.length;
    expect((await client(t.app, "203.0.113.152").post("/api/auth/login-link", { email: "smtp-ghost@example.org" })).statusCode).toBe(202);
    await t.app.services.mail.drain();
    expect(smtp.received.length).toBe(before);
    expect(await readdir(join(t.env.DATA_DIR, "mail")).catch(() => [])).toEqual([]);
  });

  it("has no /dev/mail: mail is not kept on disk when it really goes out", async () => {
    const res = await client(t.app).get("/dev/mail");
    expect(res.body).not.toContain("Outbox");
  });
});

describe("the development outbox (no SMTP_URL)", () => {
  it("writes an .eml into DATA_DIR/mail, lists it on /dev/mail and shows its text with the link", async () => {
    expect(outbox.app.services.mailer.kind).toBe("outbox");
    expect((await client(outbox.app, "203.0.113.160").post("/api/auth/login-link", { email: "outbox-bea@example.org" })).statusCode).toBe(202);
    await outbox.app.services.mail.drain();

    const files = await readdir(join(outbox.env.DATA_DIR, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const url = linkIn(await outbox.outbox(), "outbox-bea@example.org", "tmp_token=");

    const list = await client(outbox.app).get("/dev/mail");
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toMatch(/^text\/html/);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body).toContain("Your Pathwise login link");
    expect(list.body).toContain("outbox-bea@example.org");
    expect(list.body).toContain(`href="/dev/mail/${encodeURIComponent(files[0]!)}"`);

    const one = await client(outbox.app).get(`/dev/mail/${files[0]}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers["content-type"]).toMatch(/^text\/html/);
    expect(one.body).toContain("Your Pathwise login link");
    expect(one.body).toContain(escapeHtml(url.toString()));
    expect(one.body).toContain(url.searchParams.get("tmp_token")!);
  });

  it("answers 404 for a message that does not exist", async () => {
    const res = await client(outbox.app).get("/dev/mail/2020-01-01T00-00-00-000Z-1-0001.eml");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("No such message");
  });

  it("never reads a file outside the outbox", async () => {
    const secret = "From: a@example.org\nTo: b@example.org\nSubject: SECRET-SENTINEL\n\nSECRET-SENTINEL body\n";
    await writeFile(join(outbox.env.DATA_DIR, "secret.eml"), secret);
    await mkdir(join(outbox.env.DATA_DIR, "mail"), { recursive: true });
    const attempts = [
      "/dev/mail/..%2F..%2Fetc%2Fpasswd",
      "/dev/mail/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
      "/dev/mail/..%2Fsecret.eml",
      "/dev/mail/%2e%2e%2fsecret.eml",
      "/dev/mail/..%5Csecret.eml",
      "/dev/mail/../secret.eml",
      "/dev/mail/%2e%2e/secret.eml",
      `/dev/mail/${encodeURIComponent(join(outbox.env.DATA_DIR, "secret.eml"))}`,
    ];
    for (const url of attempts) {
      const res = await client(outbox.app).get(url);
      expect(res.body, url).not.toContain("SECRET-SENTINEL");
      expect(res.body, url).not.toMatch(/root:.*:0:0:/);
      expect([400, 404], url).toContain(res.statusCode);
    }
  });
});

describe("production", () => {
  it("does not serve /dev/mail, even with an outbox mailer and messages on disk", async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: "production", APP_ORIGIN: "https://pathwise.app", SMTP_URL: smtp.url },
      mailer: createMailer({ from: "Pathwise <hello@pathwise.local>", outboxDir: join("/nonexistent-unused") }),
    });
    try {
      expect(prod.app.services.mailer.kind).toBe("outbox");
      const dir = join(prod.env.DATA_DIR, "mail");
      await mkdir(dir, { recursive: true });
      const file = "2026-01-01T00-00-00-000Z-1-0001.eml";
      await writeFile(join(dir, file), "From: a@example.org\nTo: c@example.org\nSubject: PROD-OUTBOX-SENTINEL\n\nhello\n");
      for (const url of ["/dev/mail", "/dev/mail/", `/dev/mail/${file}`]) {
        const res = await client(prod.app).get(url);
        expect(res.body, url).not.toContain("PROD-OUTBOX-SENTINEL");
        expect(res.body, url).not.toContain("<h1>Outbox</h1>");
        expect(res.statusCode === 404 || /^text\/html/.test(String(res.headers["content-type"])), url).toBe(true);
      }
    } finally {
      await prod.close();
    }
  });
});
