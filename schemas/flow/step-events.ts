import { z } from "zod";
import { CONVERSION_EVENT_NAMES } from "../conversions/events.ts";
import { condition } from "./condition.ts";

/** Prefixes GA4 keeps for its own events: a custom event named with one is dropped. */
const RESERVED_PREFIXES = ["ga_", "google_", "firebase_"];

/**
 * A custom event name as GA4 takes it: a letter first, then letters, digits and _, at most 40
 * characters; none of the names our conversion events go by (schemas/conversions/events.ts), whatever
 * their case, and no prefix GA4 keeps for itself.
 */
export const stepEventName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "an event name has a letter first, then letters, digits and _, at most 40 characters (GA4's rule)")
  .refine((name) => !CONVERSION_EVENT_NAMES.has(name.toLowerCase()), {
    message: "this name belongs to a conversion event the product sends itself (schemas/conversions/events.ts); choose another",
  })
  .refine((name) => !RESERVED_PREFIXES.some((p) => name.toLowerCase().startsWith(p)), {
    message: `GA4 keeps names starting with ${RESERVED_PREFIXES.join(", ")} for itself; choose another`,
  });

/** One event a step sends when it is shown (with marketing consent, to the page's dataLayer only). */
export const stepEvent = z.strictObject({
  name: stepEventName.describe("The event's name in the dataLayer, e.g. result_band_high (GA4 rules: a letter first, then letters, digits, _; at most 40)"),
  when: condition.optional().describe("Sent only when this condition holds on the answers so far (the same conditions as `next`); always when left out"),
});
export type StepEvent = z.infer<typeof stepEvent>;

/** A step's own events: each name once per step. */
export const stepEvents = z
  .array(stepEvent)
  .min(1)
  .max(5)
  .superRefine((events, ctx) => {
    events.forEach((e, i) => {
      if (events.findIndex((o) => o.name === e.name) < i)
        ctx.addIssue({ code: "custom", path: [i, "name"], message: `event "${e.name}" is already listed on this step` });
    });
  });
