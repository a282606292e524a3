import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Booking } from "#schemas/api/coaching.ts";
import type { CoachingConfig, CoachingSession } from "#schemas/content/coaching.ts";
import type { Db } from "../db/client.ts";
import { timeZoneOrUtc, zoneName } from "#schemas/content/time-zone.ts";
import { coachBookings, customers } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import { calendarFile } from "../mail/ics.ts";
import { queueMail } from "../mail/mail-queue.ts";
import type { CancelledSession } from "../mail/templates/account-deleted.ts";
import { coachingChangeEmail, coachingNoticeEmail } from "../mail/templates/coaching.ts";
import { freeSlots, zonedDate, type Busy } from "./coaching-slots.ts";
import { HOUSE_LOCALE, LONG_DATE } from "#schemas/content/house-locale.ts";

type Row = typeof coachBookings.$inferSelect;
type Change = "booked" | "moved" | "cancelled";
export type CoachingDeps = { db: Db; config: CoachingConfig; now: Date; notifyEmail: string; appOrigin: string };

/** One coach's calendar: every change to it runs one at a time, so two overlapping sessions can never both be booked. */
const CALENDAR_LOCK = 726_451;
const lockCalendar = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK})`);

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === "23505";
};

function sessionOf(config: CoachingConfig, code: string): CoachingSession {
  const session = config.sessions.find((s) => s.code === code);
  if (!session) throw new HttpError(400, "unknown_session", `There is no session "${code.slice(0, 40)}"`);
  return session;
}

/** "Tuesday 1 December 2026, 10:30–11:15 (America/New_York time)": when, in `zone` (UTC when null or not a real zone), with the zone named. */
function whenIn(zone: string | null, startsAt: Date, endsAt: Date): string {
  const timeZone = timeZoneOrUtc(zone);
  const day = new Intl.DateTimeFormat(HOUSE_LOCALE, { timeZone, weekday: "long", ...LONG_DATE }).format(startsAt);
  const time = (d: Date) => new Intl.DateTimeFormat(HOUSE_LOCALE, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  return `${day}, ${time(startsAt)}–${time(endsAt)} (${zoneName(timeZone)})`;
}

/** When, in the coach's zone (the coach's notices). */
const whenText = (config: CoachingConfig, startsAt: Date, endsAt: Date) => whenIn(config.timezone, startsAt, endsAt);

/**
 * The customer's time zone for their e-mails: the one their browser sent with this request (a real
 * IANA zone, checked by the schema) is kept first; else the one kept before; else null (UTC).
 */
async function customerZone(tx: Db, customerId: string, fromBrowser?: string): Promise<string | null> {
  if (fromBrowser) {
    await tx.update(customers).set({ timeZone: fromBrowser }).where(eq(customers.id, customerId));
    return fromBrowser;
  }
  const [row] = await tx.select({ timeZone: customers.timeZone }).from(customers).where(eq(customers.id, customerId));
  return row?.timeZone ?? null;
}

export function bookingView(config: CoachingConfig, row: Row, now: Date): Booking {
  return {
    id: row.id,
    session_code: row.sessionCode,
    session_title: config.sessions.find((s) => s.code === row.sessionCode)?.title ?? "Coaching session",
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
    note: row.note,
    can_change: row.status === "booked" && row.startsAt.getTime() - now.getTime() >= config.change_until_hours * 3_600_000,
  };
}

/** The booking as a calendar file: a request (booked, moved) or a cancel of the same event (its uid and sequence). */
function calendarAttachment(d: CoachingDeps, row: Row, method: "REQUEST" | "CANCEL", attendee: string) {
  const session = d.config.sessions.find((s) => s.code === row.sessionCode);
  const content = calendarFile({
    uid: `${row.id}@pathwise`,
    sequence: row.sequence,
    method,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    stamp: d.now,
    summary: `${session?.title ?? "Coaching session"} (Pathwise)`,
    description: `${session?.role ?? "A coach"}. ${d.config.how_it_happens}`,
    organizer: { name: "Pathwise coaching", email: d.notifyEmail },
    attendee,
  });
  return { filename: "coaching-session.ics", contentType: `text/calendar; method=${method}; charset=UTF-8`, content };
}

/** The customer's e-mail with its calendar file (times in the customer's zone), and the coach's notice (in the coach's), queued with the change. */
async function queueChange(tx: Db, d: CoachingDeps, change: Change, row: Row, customer: { email: string; timeZone: string | null }) {
  const customerEmail = customer.email;
  const session = d.config.sessions.find((s) => s.code === row.sessionCode);
  const title = session?.title ?? "Coaching session";
  const when = whenIn(customer.timeZone, row.startsAt, row.endsAt);
  const coachWhen = whenText(d.config, row.startsAt, row.endsAt);
  const calendar = calendarAttachment(d, row, change === "cancelled" ? "CANCEL" : "REQUEST", customerEmail);
  await queueMail(
    tx,
    "coaching-change",
    coachingChangeEmail(change, {
      to: customerEmail,
      sessionTitle: title,
      when,
      howItHappens: d.config.how_it_happens,
      accountUrl: `${d.appOrigin}/account/book-your-coach`,
      calendar,
    }),
  );
  await queueMail(
    tx,
    "coaching-notice",
    coachingNoticeEmail(change, { to: d.notifyEmail, customer: customerEmail, sessionTitle: title, when: coachWhen, note: row.note }),
  );
}

/**
 * An account is being deleted (inside its transaction): every session of it that has not started
 * is cancelled, the coach is told of each (in the coach's zone), and the sessions with their
 * calendar files are handed back for the one goodbye e-mail (times in the customer's zone; no
 * separate cancellation e-mail).
 */
export async function cancelSessionsOfDeletedAccount(
  tx: Db,
  d: CoachingDeps,
  customer: { id: string; email: string; timeZone: string | null },
): Promise<CancelledSession[]> {
  const { id: customerId, email: customerEmail } = customer;
  const upcoming = await tx
    .update(coachBookings)
    .set({ status: "cancelled", cancelledAt: d.now, sequence: sql`${coachBookings.sequence} + 1` })
    .where(and(eq(coachBookings.customerId, customerId), eq(coachBookings.status, "booked"), gt(coachBookings.startsAt, d.now)))
    .returning();
  const cancelled: CancelledSession[] = [];
  for (const row of upcoming.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const session = d.config.sessions.find((s) => s.code === row.sessionCode);
    const title = session?.title ?? "Coaching session";
    await queueMail(
      tx,
      "coaching-notice",
      coachingNoticeEmail("cancelled", {
        to: d.notifyEmail,
        customer: customerEmail,
        sessionTitle: title,
        when: whenText(d.config, row.startsAt, row.endsAt),
        note: row.note,
        reason: "The customer deleted their Pathwise account, which cancelled this session. The time is free again.",
      }),
    );
    cancelled.push({ title, when: whenIn(customer.timeZone, row.startsAt, row.endsAt), calendar: calendarAttachment(d, row, "CANCEL", customerEmail) });
  }
  return cancelled;
}

/** Live bookings that have not ended: what blocks a slot. */
const liveBookings = (tx: Db, now: Date) =>
  tx
    .select()
    .from(coachBookings)
    .where(and(eq(coachBookings.status, "booked"), gt(coachBookings.endsAt, now)));

/** 400 when the time is not one the coach offers for this session at all; 409 when it is, but someone holds it. */
function checkSlot(d: CoachingDeps, session: CoachingSession, startsAt: Date, busy: Busy[]) {
  const free = freeSlots(d.config, session, d.now, busy);
  if (free.some((s) => s.startsAt.getTime() === startsAt.getTime())) return new Date(startsAt.getTime() + session.minutes * 60_000);
  if (freeSlots(d.config, session, d.now, []).some((s) => s.startsAt.getTime() === startsAt.getTime()))
    throw new HttpError(409, "slot_taken", "Someone has just booked that time. Please choose another.");
  throw new HttpError(400, "not_a_slot", "That time is not one the coach offers for this session.");
}

export async function bookSession(
  d: CoachingDeps,
  customer: { id: string; email: string },
  body: { session_code: string; starts_at: string; note?: string; time_zone?: string },
) {
  const session = sessionOf(d.config, body.session_code);
  const startsAt = new Date(body.starts_at);
  try {
    return await d.db.transaction(async (tx) => {
      await lockCalendar(tx);
      const live = await liveBookings(tx, d.now);
      if (live.filter((b) => b.customerId === customer.id).length >= d.config.max_upcoming)
        throw new HttpError(
          409,
          "too_many_bookings",
          `You can hold ${d.config.max_upcoming === 1 ? "one upcoming session" : `${d.config.max_upcoming} upcoming sessions`} at a time. Move or cancel the one you have.`,
        );
      const endsAt = checkSlot(d, session, startsAt, live);
      const [row] = await tx
        .insert(coachBookings)
        .values({ customerId: customer.id, sessionCode: session.code, startsAt, endsAt, note: body.note ? body.note : null, createdAt: d.now })
        .returning();
      await queueChange(tx, d, "booked", row!, { email: customer.email, timeZone: await customerZone(tx, customer.id, body.time_zone) });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, "slot_taken", "Someone has just booked that time. Please choose another.");
    throw error;
  }
}

async function ownBooking(tx: Db, customerId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(coachBookings)
    .where(and(eq(coachBookings.id, id), eq(coachBookings.customerId, customerId)))
    .for("update");
  if (!row) throw new HttpError(404, "not_found", "No such booking");
  return row;
}

function checkChangeable(d: CoachingDeps, row: Row) {
  if (row.status !== "booked") throw new HttpError(409, "already_cancelled", "This session is already cancelled.");
  if (row.startsAt.getTime() - d.now.getTime() < d.config.change_until_hours * 3_600_000)
    throw new HttpError(409, "too_late", `A session can be moved or cancelled until ${d.config.change_until_hours} hours before it starts.`);
}

export async function moveSession(d: CoachingDeps, customer: { id: string; email: string }, id: string, startsAtText: string, timeZone?: string) {
  const startsAt = new Date(startsAtText);
  try {
    return await d.db.transaction(async (tx) => {
      await lockCalendar(tx);
      const row = await ownBooking(tx, customer.id, id);
      checkChangeable(d, row);
      const others = (await liveBookings(tx, d.now)).filter((b) => b.id !== row.id);
      const endsAt = checkSlot(d, sessionOf(d.config, row.sessionCode), startsAt, others);
      const [moved] = await tx
        .update(coachBookings)
        .set({ startsAt, endsAt, sequence: row.sequence + 1 })
        .where(and(eq(coachBookings.id, row.id), ne(coachBookings.status, "cancelled")))
        .returning();
      await queueChange(tx, d, "moved", moved!, { email: customer.email, timeZone: await customerZone(tx, customer.id, timeZone) });
      return moved!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, "slot_taken", "Someone has just booked that time. Please choose another.");
    throw error;
  }
}

export async function cancelSession(d: CoachingDeps, customer: { id: string; email: string }, id: string) {
  return d.db.transaction(async (tx) => {
    const row = await ownBooking(tx, customer.id, id);
    checkChangeable(d, row);
    const [cancelled] = await tx
      .update(coachBookings)
      .set({ status: "cancelled", cancelledAt: d.now, sequence: row.sequence + 1 })
      .where(eq(coachBookings.id, row.id))
      .returning();
    await queueChange(tx, d, "cancelled", cancelled!, { email: customer.email, timeZone: await customerZone(tx, customer.id) });
    return cancelled!;
  });
}

export async function customerBookings(d: Pick<CoachingDeps, "db" | "config" | "now">, customerId: string) {
  const rows = await d.db.select().from(coachBookings).where(eq(coachBookings.customerId, customerId));
  const views = rows.map((r) => bookingView(d.config, r, d.now));
  const upcoming = views.filter((b) => b.status === "booked" && Date.parse(b.ends_at) > d.now.getTime()).sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const past = views.filter((b) => !upcoming.includes(b)).sort((a, b) => b.starts_at.localeCompare(a.starts_at));
  return { upcoming, past };
}

export async function slotsFor(d: Pick<CoachingDeps, "db" | "config" | "now">, code: string, from?: string) {
  const session = sessionOf(d.config, code);
  const busy = await liveBookings(d.db, d.now);
  return freeSlots(d.config, session, d.now, busy)
    .filter((s) => !from || zonedDate(s.startsAt, d.config.timezone) >= from)
    .map((s) => ({ starts_at: s.startsAt.toISOString(), ends_at: s.endsAt.toISOString() }));
}
