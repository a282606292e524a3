import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { insertSubscription, signedInCustomer } from "../helpers/subscriptions.ts";

/**
 * Coach booking through real HTTP on the embedded database, with the real content/coaching file
 * (Europe/London, Tue 09:00–17:00, 24 hours' notice, one upcoming session per customer, changes
 * until 12 hours before): book, see the slot gone for others, no double booking even when many
 * customers try at once, move and cancel with calendar files, and nobody else's booking reachable.
 */
let t: TestApp;
let n = 0;
const MONDAY = new Date("2026-11-30T08:00:00Z");
const TUE_9 = "2026-12-01T09:00:00.000Z";

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY);
});
afterAll(async () => {
  await t?.close();
  await closeSharedDatabase();
});

async function subscriber() {
  const me = await signedInCustomer(t.app, `coach-${n++}@example.org`, `198.18.11.${n}`);
  await insertSubscription(t.db, me.id, t.clock.now());
  return me;
}
const book = (who: Awaited<ReturnType<typeof subscriber>>, starts_at: string, session_code = "career-direction", note?: string) =>
  who.post("/api/customer/coaching/book", { session_code, starts_at, ...(note ? { note } : {}) });
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to));
/**
 * The e-mail to `to` whose subject starts with `kind` ("Moved:"). Found by its subject, not by its
 * place: the sender delivers queued mails side by side, so two mails queued a moment apart may land
 * in the outbox in either order (as they may arrive in a real inbox).
 */
const mailTo = async (to: string, kind: string) => [...(await mailsTo(to))].reverse().find((m) => m.subject.startsWith(kind));

describe("coaching", () => {
  it("lists the sessions publicly; slots need a login and a plan", async () => {
    const info = (await client(t.app).get("/api/coaching")).json().data;
    expect(info.sessions.map((s: { code: string }) => s.code)).toEqual(["career-direction", "cv-interview", "pay-conversation"]);
    expect(info.sessions[0].role).toBe("A certified career coach");
    expect((await client(t.app).get("/api/customer/coaching/slots?session=career-direction")).statusCode).toBe(401);
    const never = await signedInCustomer(t.app, "coach-never-paid@example.org");
    const locked = await never.get("/api/customer/coaching/slots?session=career-direction");
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.unlock).toBeTruthy();
    const me = await subscriber();
    const slots = (await me.get("/api/customer/coaching/slots?session=career-direction")).json().data as { starts_at: string }[];
    expect(slots[0]).toEqual({ starts_at: TUE_9, ends_at: "2026-12-01T09:45:00.000Z" });
    expect((await me.get("/api/customer/coaching/slots?session=no-such")).statusCode).toBe(400);
    const fromThursday = (await me.get("/api/customer/coaching/slots?session=career-direction&from=2026-12-03")).json().data as { starts_at: string }[];
    expect(fromThursday[0]?.starts_at).toBe("2026-12-03T09:00:00.000Z");
    expect((await me.get("/api/customer/coaching/slots?session=career-direction&from=next-week")).statusCode).toBe(400);
  });

  it("books a slot: an e-mail with a calendar invitation, a notice to the coach, and the slot gone for everyone else", async () => {
    const me = await subscriber();
    const res = await book(me, TUE_9, "career-direction", "Deciding between two offers");
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ session_title: "Career direction session", starts_at: TUE_9, status: "booked", can_change: true });
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe("Booked: Career direction session");
    const ics = mail!.attachments.find((a) => a.filename === "coaching-session.ics")!.content;
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("DTSTART:20261201T090000Z");
    expect(ics).toContain("DTEND:20261201T094500Z");
    expect(ics).toContain("SEQUENCE:0");
    const notice = (await mailsTo("coaching@pathwise.local")).at(-1)!;
    expect(notice.text).toContain(me.email);
    expect(notice.text).toContain("Deciding between two offers");

    const other = await subscriber();
    const slots = (await other.get("/api/customer/coaching/slots?session=career-direction")).json().data as { starts_at: string }[];
    expect(slots.map((s) => s.starts_at)).not.toContain(TUE_9);
    expect(slots.map((s) => s.starts_at)).not.toContain("2026-12-01T09:30:00.000Z"); // overlaps 09:00–09:45
    expect((await book(other, TUE_9)).json().error.code).toBe("slot_taken");
    expect((await book(other, "2026-12-01T09:30:00.000Z")).json().error.code).toBe("slot_taken");
    expect((await book(me, "2026-12-02T12:00:00.000Z")).json().error.code).toBe("too_many_bookings");
    const notOffered = await book(other, "2026-12-01T08:00:00.000Z");
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error.code).toBe("not_a_slot");
  });

  it("lets exactly one of many customers booking overlapping times at once have it", async () => {
    const many = await Promise.all(Array.from({ length: 10 }, () => subscriber()));
    const starts = ["2026-12-03T13:00:00.000Z", "2026-12-03T13:30:00.000Z"];
    const answers = await Promise.all(many.map((who, i) => book(who, starts[i % 2]!)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === "slot_taken")).toBe(true);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it("moves a booking (the calendar event updates, the old time is free again) and cancels it; another customer's booking is a 404", async () => {
    const me = await subscriber();
    const booked = (await book(me, "2026-12-07T10:00:00.000Z", "pay-conversation")).json().data;
    const stranger = await subscriber();
    expect((await stranger.post(`/api/customer/coaching/bookings/${booked.id}/move`, { starts_at: "2026-12-07T11:00:00.000Z" })).statusCode).toBe(404);
    expect((await stranger.post(`/api/customer/coaching/bookings/${booked.id}/cancel`, {})).statusCode).toBe(404);

    const moved = await me.post(`/api/customer/coaching/bookings/${booked.id}/move`, { starts_at: "2026-12-07T11:00:00.000Z" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ id: booked.id, starts_at: "2026-12-07T11:00:00.000Z", ends_at: "2026-12-07T11:30:00.000Z" });
    const movedMail = (await mailTo(me.email, "Moved:"))!;
    expect(movedMail.subject).toBe("Moved: Pay conversation rehearsal");
    const ics = movedMail.attachments[0]!.content;
    expect(ics).toContain(`UID:${booked.id}@pathwise`);
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("DTSTART:20261207T110000Z");
    const free = (await stranger.get("/api/customer/coaching/slots?session=pay-conversation")).json().data as { starts_at: string }[];
    expect(free.map((s) => s.starts_at)).toContain("2026-12-07T10:00:00.000Z");

    const cancelled = await me.post(`/api/customer/coaching/bookings/${booked.id}/cancel`, {});
    expect(cancelled.json().data.status).toBe("cancelled");
    const cancelMail = (await mailTo(me.email, "Cancelled:"))!;
    expect(cancelMail.subject).toBe("Cancelled: Pay conversation rehearsal");
    expect(cancelMail.attachments[0]!.content).toContain("METHOD:CANCEL");
    expect(cancelMail.attachments[0]!.content).toContain("SEQUENCE:2");
    const mine = (await me.get("/api/customer/coaching/bookings")).json().data;
    expect(mine.upcoming).toEqual([]);
    expect(mine.past).toEqual([expect.objectContaining({ id: booked.id, status: "cancelled", can_change: false })]);
    expect((await me.post(`/api/customer/coaching/bookings/${booked.id}/cancel`, {})).json().error.code).toBe("already_cancelled");
  });

  it("refuses a change inside the 12 hours before the session", async () => {
    const me = await subscriber();
    const booked = (await book(me, "2026-12-08T14:00:00.000Z", "pay-conversation")).json().data;
    t.clock.set(new Date("2026-12-08T03:00:00Z"));
    try {
      const late = await me.post(`/api/customer/coaching/bookings/${booked.id}/cancel`, {});
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe("too_late");
    } finally {
      t.clock.set(MONDAY);
    }
  });

  it.each([
    [{ session_code: "career-direction" }, "body.starts_at"],
    [{ session_code: "career-direction", starts_at: "tomorrow" }, "body.starts_at"],
    [{ session_code: "Career Direction", starts_at: TUE_9 }, "body.session_code"],
    [{ session_code: "career-direction", starts_at: TUE_9, note: "x".repeat(1001) }, "body.note"],
  ])("refuses %j with a 400 naming %s", async (body, where) => {
    const me = await subscriber();
    const res = await me.post("/api/customer/coaching/book", body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(where);
  });
});
