import { z } from "zod";
import { identifier } from "./text.ts";

/** The units a follow-up's delay is written in: minutes, hours, days. */
const UNIT_SECONDS = { m: 60, h: 3600, d: 86_400 } as const;
/** The earliest and latest a follow-up may go out after the e-mail was left (the "continue" link lives 30 days). */
export const FOLLOW_UP_AFTER = { leastSeconds: 15 * 60, mostSeconds: 14 * 86_400 } as const;
/** How many follow-ups a flow may declare: a few reminders, not a newsletter. */
export const MAX_FOLLOW_UPS = 3;

const DELAY = /^([1-9][0-9]{0,3})(m|h|d)$/;

/** Seconds in a delay written as `30m`, `1h`, `2d`; null when it is not written that way. */
export function delaySeconds(written: string): number | null {
  const match = DELAY.exec(written);
  return match ? Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS] : null;
}

const after = z
  .string()
  .refine((s) => delaySeconds(s) !== null, "write a delay as a whole number and a unit: 30m, 1h, 2d")
  .refine((s) => {
    const seconds = delaySeconds(s);
    return seconds === null || (seconds >= FOLLOW_UP_AFTER.leastSeconds && seconds <= FOLLOW_UP_AFTER.mostSeconds);
  }, "a follow-up goes out between 15m and 14d after the e-mail was left");

/** Mail copy: plain words (no catalogue code, no HTML), as the e-mail shows them. */
const words = (max: number) => z.string().trim().min(1, "text must not be empty").max(max);

/**
 * One e-mail to a visitor who left their address (with marketing consent) and did not buy: sent
 * `after` the e-mail step, with the free summary of their own result and a link back to their
 * pre-checkout (docs/flows.md, ADR 060).
 */
export const followUp = z.strictObject({
  id: identifier.describe("The follow-up's id, unique in the flow: the console counts it under this id, so keep it"),
  after: after.describe("How long after the e-mail step it goes out: a whole number and m, h or d (15m to 14d), e.g. 1h, 1d"),
  subject: words(120).describe("The e-mail's subject"),
  body: z.array(words(600)).min(1).max(4).describe("Paragraphs before the visitor's own summary, 1–4"),
  button: words(40).describe("The label of the button that takes them back to their pre-checkout"),
});

/** A flow's follow-ups, in the order they go out: each later than the one before, ids unique. */
export const followUps = z
  .array(followUp)
  .min(1)
  .max(MAX_FOLLOW_UPS, `at most ${MAX_FOLLOW_UPS} follow-ups`)
  .superRefine((list, ctx) => {
    list.forEach((f, i) => {
      if (list.findIndex((g) => g.id === f.id) !== i) ctx.addIssue({ code: "custom", path: [i, "id"], message: `follow-up id "${f.id}" is used twice` });
      const previous = i > 0 ? delaySeconds(list[i - 1]!.after) : null;
      const own = delaySeconds(f.after);
      if (previous !== null && own !== null && own <= previous)
        ctx.addIssue({ code: "custom", path: [i, "after"], message: `goes out at ${f.after}, not after the follow-up before it (${list[i - 1]!.after})` });
    });
  });

export type FollowUp = z.infer<typeof followUp>;
