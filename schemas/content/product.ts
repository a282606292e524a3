import { z } from "zod";
import { currencies, type Currency } from "./currencies.ts";

/** How often a plan renews. The dates themselves are computed in ./billing-dates.ts. */
export const BILLING_PERIODS = ["week", "month", "quarter", "year"] as const;
export const billingPeriod = z.enum(BILLING_PERIODS);
export type BillingPeriod = z.infer<typeof billingPeriod>;

export {  type Currency };
export const currency = z.enum(currencies);

/** Money in minor units (cents): 1999 is 19.99. */
const minor = z.number().int().min(0).max(1_000_000);

/**
 * A plan for sale (content/products/*.yaml). The first charge covers the trial (`trial_days` > 0)
 * or the first period; after that the plan renews every `period` at `renewal`, until cancelled.
 * Every currency the app sells in needs a price.
 */
export const productContent = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9_-]{2,62}$/, "a product id uses lower-case letters, digits, - and _"),
  name: z.string().min(3).max(80),
  summary: z.string().min(10).max(300),
  includes: z.array(z.string().min(3).max(200)).min(1).max(10),
  badge: z
    .string()
    .min(2)
    .max(30)
    .refine((b) => !/popular|best.?sell|favou?rite|most (chosen|bought|picked)/i.test(b), {
      message: "a badge may not claim popularity: the server shows \"Most popular\" from the last 30 days' sales (most_popular)",
    })
    .optional(),
  trial_days: z.number().int().min(0).max(31),
  period: billingPeriod,
  prices: z.strictObject(Object.fromEntries(currencies.map((c) => [c, z.strictObject({ first: minor, renewal: minor.min(1) })])) as Record<Currency, z.ZodObject<{ first: typeof minor; renewal: z.ZodNumber }>>),
  order: z.number().int().min(0).max(100),
});

export const productsFile = z.strictObject({ products: z.array(productContent).min(1).max(12) });
export type ProductContent = z.infer<typeof productContent>;
