import { z } from "zod";

const errorIssue = z.object({
  path: z.string().describe("Where the problem is, e.g. body.email"),
  message: z.string(),
});

/** What unlocks locked content (403 `subscription_required`): a plan to buy, or an ended one to restart. */
export const unlockHint = z.object({
  reason: z.enum(["no_plan", "plan_ended"]),
  href: z.string().describe("Where the customer unlocks it: /pricing, the plans on sale"),
});

export type UnlockHint = z.infer<typeof unlockHint>;

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(errorIssue).optional(),
    unlock: unlockHint.optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Every success body is `{ data: … }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const ok = envelope(z.object({ ok: z.literal(true) }));

/** Error responses every route may give; routes add their own on top. */
export const commonErrors = {
  400: errorBody,
  403: errorBody,
  404: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
  500: errorBody,
} as const;

export const authedErrors = { ...commonErrors, 401: errorBody } as const;
