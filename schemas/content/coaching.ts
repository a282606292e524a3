import { z } from "zod";

const text = z.string().trim().min(1).max(1000);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time of day as HH:MM (24-hour)");
const weekday = z.enum(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);

/** A coaching session type: who runs it (a role, never an invented person), what it covers, how to prepare. */
const coachingSession = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9-]{2,40}$/, "lower-case letters, digits and -"),
  title: text.max(80),
  minutes: z.union([z.literal(30), z.literal(45), z.literal(60)]).describe("How long the session lasts"),
  role: text.max(120).describe('Who runs it, as a role: "a certified career coach"'),
  summary: text.max(300),
  covers: z.array(text.max(200)).min(3).max(5),
  prepare: z.array(text.max(200)).min(1).max(4),
});

/** content/coaching/coaching.yaml: the sessions on offer, the coach's weekly hours and the booking rules. */
export const coachingFile = z
  .strictObject({
    title: text.max(80),
    intro: text,
    /** Said in every confirmation: how the session happens. Owned by the operator, so it is content. */
    how_it_happens: text,
    timezone: z.string().min(3).max(60).describe("The coach's IANA time zone, e.g. Europe/London"),
    slot_step_minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
    notice_hours: z.number().int().min(1).max(168).describe("The earliest a session can start, in hours from now"),
    horizon_days: z.number().int().min(1).max(90).describe("How far ahead sessions can be booked"),
    change_until_hours: z.number().int().min(0).max(168).describe("A booking can be moved or cancelled until this many hours before it starts"),
    max_upcoming: z.number().int().min(1).max(5).describe("How many upcoming sessions one customer may hold"),
    hours: z.partialRecord(weekday, z.array(z.strictObject({ from: hhmm, to: hhmm })).max(4)).describe("Weekly opening hours, in the coach's time zone"),
    dates_off: z.array(z.iso.date()).max(100).default([]),
    sessions: z.array(coachingSession).min(1).max(6),
  })
  .superRefine((f, ctx) => {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: f.timezone });
    } catch {
      ctx.addIssue({ code: "custom", path: ["timezone"], message: `"${f.timezone}" is not an IANA time zone` });
    }
    for (const [day, ranges] of Object.entries(f.hours))
      (ranges ?? []).forEach((r, i) => {
        if (r.to <= r.from) ctx.addIssue({ code: "custom", path: ["hours", day, i, "to"], message: "must be after from" });
      });
    const codes = new Set<string>();
    f.sessions.forEach((s, i) => {
      if (codes.has(s.code)) ctx.addIssue({ code: "custom", path: ["sessions", i, "code"], message: `session code "${s.code}" is used twice` });
      codes.add(s.code);
    });
  });
export type CoachingConfig = z.infer<typeof coachingFile>;
export type CoachingSession = z.infer<typeof coachingSession>;
