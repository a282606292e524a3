import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema.ts";
import type { ProviderCode } from "../provider.ts";

/**
 * The sandbox console's time control (ADR 052): "bring this subscription's next charge to <date>",
 * so that the renewal job meets it as it would on that day — the reminder before it, the renewal,
 * a declined renewal ("Fail the next renewal" first), the end of a cancelled plan — without
 * waiting days. Only earlier, never into the past: it moves our own schedule, nothing else.
 */

/** `YYYY-MM-DDTHH:MM` as the page's datetime-local field sends it, read as UTC; or `now`. */
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The console's form: the date field, or its "to now" button (which sends `now=1`). */
export const bringNextChargeForm = z
  .object({
    subscription_id: z.uuid({ error: "Choose a subscription." }),
    at: z.string().trim().max(32).optional(),
    now: z.literal("1").optional(),
  })
  .transform((f, ctx) => {
    const at = f.now ? "now" : f.at;
    if (!at) {
      ctx.addIssue({ code: "custom", message: "Give a date and time as YYYY-MM-DDTHH:MM (UTC), or choose “Bring it to now”." });
      return z.NEVER;
    }
    return { subscriptionId: f.subscription_id, at };
  });

type BringResult = { ok: true; at: Date; ends: boolean } | { ok: false; status: 400 | 409; message: string };

/** The moment a form's `at` names (UTC), or null when it is not a real one. */
function momentOf(at: string, now: Date): Date | null {
  if (at === "now") return now;
  const m = MOMENT.exec(at);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // 2027-02-30 rolls over into March: not a real date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return date;
}

const utc = (d: Date) => `${d.toISOString().replace("T", " ").slice(0, 16)} UTC`;

/**
 * Moves the next charge (a paused plan's resumption; a cancelled plan's end) of one sandbox
 * subscription to `at`. The paid period ends there too, as it would on that day. A moment within
 * the current minute means now (the page's field has minutes only); an earlier one, a later one
 * than the present next charge, or a plan with nothing ahead is refused and changes nothing.
 */
export async function bringNextCharge(db: Db, codes: readonly ProviderCode[], subscriptionId: string, atText: string, now: Date): Promise<BringResult> {
  const asked = momentOf(atText, now);
  if (!asked) return { ok: false, status: 400, message: "Give a date and time as YYYY-MM-DDTHH:MM (UTC), or now." };
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  if (asked.getTime() < minuteStart) return { ok: false, status: 400, message: `That moment is in the past: the earliest is now (${utc(now)}).` };
  const at = asked < now ? now : asked;
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), inArray(subscriptions.provider, [...codes])))
      .for("update");
    if (!sub) return { ok: false, status: 400, message: "That subscription is not a sandbox subscription." };
    const ends = sub.status === "cancelled";
    const next = ends ? sub.currentPeriodEnd : sub.nextChargeAt;
    if (sub.status === "ended" || !next || next <= now) {
      return { ok: false, status: 409, message: "This subscription has nothing ahead to bring: it has ended, or its next date is already due." };
    }
    if (at > next) return { ok: false, status: 400, message: `Only earlier: its ${ends ? "end" : "next charge"} is ${utc(next)}.` };
    await tx
      .update(subscriptions)
      .set({
        nextChargeAt: sub.nextChargeAt ? at : null,
        pausedUntil: sub.pausedUntil ? at : null,
        currentPeriodEnd: sub.currentPeriodEnd > at ? at : sub.currentPeriodEnd,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    return { ok: true, at, ends };
  });
}
