import { z } from "zod";

/** A catalogue plan's id (content/products/*.yaml): the products the payment providers know. */
const planId = z.string().regex(/^[a-z][a-z0-9_-]{2,62}$/, "a plan id uses lower-case letters, digits, - and _");

/**
 * What a funnel sells at its pre-checkout (ADR 065): which plans of the catalogue, in what order,
 * and which one is chosen when the step opens. Each price point is a catalogue product, so the
 * payment providers know every plan a visitor can be offered. The server serves a session its
 * offer and refuses a checkout of any other plan.
 */
export const offer = z
  .strictObject({
    plans: z
      .array(planId)
      .min(1)
      .max(6)
      .describe("Catalogue plan ids (content/products), in the order the pre-checkout shows them")
      .refine((ids) => new Set(ids).size === ids.length, "a plan is listed twice: list each plan once"),
    preselected: planId.optional().describe("The plan already chosen when the pre-checkout opens: one of `plans` (left out: the visitor chooses)"),
  })
  .superRefine((o, ctx) => {
    if (o.preselected !== undefined && !o.plans.includes(o.preselected)) {
      ctx.addIssue({
        code: "custom",
        path: ["preselected"],
        message: `preselected plan "${o.preselected}" is not in this offer's plans (${o.plans.join(", ")}): add it to plans or choose one of them`,
      });
    }
  })
  .describe("The plans this funnel offers, their order and the preselected one; left out: every plan on sale, in the catalogue's order");

export type Offer = z.infer<typeof offer>;
