import { simpleParser, type ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogEntries, customers } from "#server/db/schema.ts";
import { insertSubscription, signedInCustomer } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 18, through a real (in-process) SMTP server: every e-mail carries Reply-To: the support
 * address (the catalogue's support.email, set once in the mail sender); a coaching e-mail gives the time in the
 * customer's own time zone, kept from the browser, and names it (UTC, named, when there is none);
 * the coach's notice stays in the coach's zone.
 */
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let t: TestApp;
let n = 0;
/** The support address every e-mail replies to: the catalogue's, as the site shows it. */
const SUPPORT = "support@pathwise.app";
const MONDAY = new Date("2026-11-30T08:00:00Z");
const TUE_9 = "2026-12-01T09:00:00.000Z";

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { SMTP_URL: smtpUrl, RENEWALS_INTERVAL_SECONDS: "0" } });
  t.clock.set(MONDAY);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await closeSharedDatabase();
});

const sent = async (to: string) => {
  await t.app.services.mail.drain();
  return received.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.value.some((a) => a.address === to) : false));
};
const replyToOf = (m: ParsedMail) => m.replyTo?.value.map((a) => a.address) ?? [];

async function subscriber() {
  const me = await signedInCustomer(t.app, `zone-${++n}@example.org`, `198.18.12.${n}`);
  await insertSubscription(t.db, me.id, t.clock.now());
  return me;
}

describe("Reply-To", () => {
  it("every e-mail, whatever its template, is answered to the support address", async () => {
    const me = await subscriber();
    expect((await client(t.app, "203.0.113.77").post("/api/auth/login-link", { email: me.email })).statusCode).toBe(202);
    expect((await me.post("/api/customer/coaching/book", { session_code: "career-direction", starts_at: TUE_9 })).statusCode).toBe(201);
    const mails = [...(await sent(me.email)), ...(await sent("coaching@pathwise.local"))];
    expect(mails.map((m) => m.subject).sort()).toEqual(expect.arrayContaining(["Your Pathwise login link", "Booked: Career direction session"]));
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) expect(replyToOf(mail)).toEqual([SUPPORT]);
  });

  it("has one home, the catalogue's support.email: changed there, the next e-mail replies to the new address", async () => {
    const me = await subscriber();
    await t.db.update(catalogEntries).set({ text: "care@pathwise.test" }).where(eq(catalogEntries.code, "support.email"));
    try {
      expect((await client(t.app, "203.0.113.78").post("/api/auth/login-link", { email: me.email })).statusCode).toBe(202);
      const [mail] = (await sent(me.email)).filter((m) => m.subject === "Your Pathwise login link");
      expect(replyToOf(mail!)).toEqual(["care@pathwise.test"]);
    } finally {
      await t.db.update(catalogEntries).set({ text: SUPPORT }).where(eq(catalogEntries.code, "support.email"));
    }
  });
});

describe("times in e-mails", () => {
  it("a booking made from New York gives New York time and names it; the coach's notice is in London time", async () => {
    const me = await subscriber();
    const res = await me.post("/api/customer/coaching/book", {
      session_code: "career-direction",
      starts_at: "2026-12-01T10:00:00.000Z",
      time_zone: "America/New_York",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select({ timeZone: customers.timeZone }).from(customers).where(eq(customers.id, me.id));
    expect(row!.timeZone).toBe("America/New_York");
    const [mail] = await sent(me.email);
    expect(mail!.text).toContain("Tuesday, 1 December 2026, 05:00–05:45 (America/New_York time)");
    expect(mail!.text).not.toContain("London");
    const notice = (await sent("coaching@pathwise.local")).find((m) => m.text?.includes(me.email))!;
    expect(notice.text).toContain("Tuesday, 1 December 2026, 10:00–10:45 (Europe/London time).");
    expect(notice.text).not.toContain("(UTC)");
  });

  it("without a zone from the browser the time is in UTC, named as such; a zone kept later is used for the next e-mail", async () => {
    const me = await subscriber();
    const booked = (await me.post("/api/customer/coaching/book", { session_code: "career-direction", starts_at: "2026-12-01T11:00:00.000Z" })).json().data;
    const [first] = await sent(me.email);
    expect(first!.text).toContain("Tuesday, 1 December 2026, 11:00–11:45 (UTC)");

    expect((await client(t.app).post("/api/customer/time-zone", { time_zone: "Asia/Kolkata" })).statusCode).toBe(401);
    const fixed = await me.post("/api/customer/time-zone", { time_zone: "europe/berlin" });
    expect(fixed.json().data).toEqual({ time_zone: "Europe/Berlin" });
    const kept = await me.post("/api/customer/time-zone", { time_zone: "Asia/Kolkata" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toEqual({ time_zone: "Asia/Kolkata" });
    expect((await me.post(`/api/customer/coaching/bookings/${booked.id}/cancel`, {})).statusCode).toBe(200);
    const cancelled = (await sent(me.email)).find((m) => m.subject?.startsWith("Cancelled"))!;
    expect(cancelled.text).toContain("Tuesday, 1 December 2026, 16:30–17:15 (Asia/Kolkata time)");
  });

  it("refuses what is not an IANA zone, and books nothing", async () => {
    const me = await subscriber();
    for (const time_zone of ["+01:00", "Mars/Olympus_Mons", "Europe/Berlin; drop table", ""]) {
      const res = await me.post("/api/customer/coaching/book", { session_code: "career-direction", starts_at: "2026-12-01T12:00:00.000Z", time_zone });
      expect(res.statusCode, time_zone).toBe(400);
      expect(res.json().error.message).toMatch(/time_zone/);
      expect((await me.post("/api/customer/time-zone", { time_zone })).statusCode).toBe(400);
    }
    expect((await me.get("/api/customer/coaching/bookings")).json().data.upcoming).toEqual([]);
  });
});
