import { z } from "zod";
import { envelope, unlockHint } from "./envelope.ts";
import { timeZoneField } from "./time-zone.ts";

const session = z.object({
  code: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  role: z.string(),
  summary: z.string(),
  covers: z.array(z.string()),
  prepare: z.array(z.string()),
});

/** What the booking page shows before any slot: the sessions, how they happen and the rules. */
export const coachingInfo = envelope(
  z.object({
    title: z.string(),
    intro: z.string(),
    how_it_happens: z.string(),
    timezone: z.string().describe("The coach's time zone; times are sent in UTC and shown in the customer's own"),
    change_until_hours: z.number().int(),
    max_upcoming: z.number().int(),
    sessions: z.array(session),
  }),
);
export type CoachingInfo = z.infer<typeof coachingInfo>["data"];

const sessionCode = z.string().regex(/^[a-z][a-z0-9-]{2,40}$/, "a session code");
export const slotsQuery = z.strictObject({
  session: sessionCode,
  from: z.iso.date().optional().describe("Only slots on or after this day in the coach's time zone (YYYY-MM-DD)"),
});
export const slotsResponse = envelope(
  z.array(z.object({ starts_at: z.iso.datetime(), ends_at: z.iso.datetime() })).describe("Free start times, earliest first"),
);

const booking = z.object({
  id: z.uuid(),
  session_code: z.string(),
  session_title: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  status: z.enum(["booked", "cancelled"]),
  note: z.string().nullable(),
  can_change: z.boolean().describe("Whether it can still be moved or cancelled (until the notice before it starts)"),
});
export type Booking = z.infer<typeof booking>;
/** Why booking is locked for this account and what unlocks it (ADR 017), so the page shows the lock before any click; null while a plan gives access. */
const coachingLock = z.object({ message: z.string(), unlock: unlockHint }).nullable();
export type CoachingLock = z.infer<typeof coachingLock>;
export const bookingsResponse = envelope(z.object({ upcoming: z.array(booking), past: z.array(booking), locked: coachingLock }));
export const bookingResponse = envelope(booking);

export const bookBody = z.strictObject({
  session_code: sessionCode,
  starts_at: z.iso.datetime().describe("A free start time from the slots call"),
  note: z.string().trim().max(1000).optional().describe("What you would like to talk about"),
  time_zone: timeZoneField.optional().describe("The browser's IANA time zone: kept on the account, the e-mails give the times in it"),
});
export const moveBody = z.strictObject({ starts_at: z.iso.datetime(), time_zone: timeZoneField.optional() });
export const bookingParams = z.strictObject({ id: z.uuid() });
