import { z } from "zod";
import { billingPeriod, currency } from "../content/product.ts";

/** API shapes for money (issue 4). Amounts are minor units (cents) with their currency. */

const productId = z.string().regex(/^[a-z][a-z0-9_-]{2,62}$/);
/**
 * Where an order stands: pending until a verified notification says paid or declined; needs_review
 * when a payment does not match it; refunding while a duplicate payment (the quiz was already paid)
 * is being given back through the provider; refunded once the money went back.
 */
export const ORDER_STATUSES = ["pending", "paid", "declined", "needs_review", "refunding", "refunded"] as const;

export const uuidParam = z.string().uuid();

/** A plan as the pre-checkout shows it, priced in one currency. */
export const productView = z.object({
  id: productId,
  name: z.string(),
  summary: z.string(),
  includes: z.array(z.string()),
  badge: z.string().nullable(),
  most_popular: z
    .boolean()
    .describe(
      "True for the one plan with the most paid first orders in the last 30 days, counted by the server, and only above a minimum; never written in content",
    ),
  preselected: z
    .boolean()
    .describe("True for the plan the session's offer chooses for the visitor when the pre-checkout opens (ADR 065); false without a session or a preselection"),
  trial_days: z.number().int(),
  period: billingPeriod,
  currency,
  /** What is charged today. */
  first_amount: z.number().int(),
  /** What is charged every period after the first. */
  renewal_amount: z.number().int(),
});
export type ProductView = z.infer<typeof productView>;

export const productsQuery = z.strictObject({
  currency: currency.optional(),
  /** The visitor's own quiz session: the list is then its offer (its flow's, or its variant's), in order (ADR 065). */
  session_id: uuidParam.optional(),
});

export const checkoutStartBody = z.strictObject({
  product_id: productId,
  /** The quiz session whose report the purchase unlocks (the visitor's own). */
  session_id: uuidParam.optional(),
  /** The currency the pre-checkout showed the prices in; left out: the one GET /location gives. Never a price. */
  currency: currency.optional(),
});
export const checkoutStartResponse = z.object({ order_id: uuidParam, url: z.string() });

export const orderView = z.object({
  id: uuidParam,
  status: z.enum(ORDER_STATUSES),
  /** The plan and the amount: null unless the caller is the order's logged-in customer (a browser that only holds the quiz session sees the status). */
  product_id: productId.nullable(),
  product_name: z.string().nullable(),
  currency: currency.nullable(),
  amount: z.number().int().nullable(),
  report_code: z.string().nullable(),
  flow_code: z.string().nullable(),
  /** Whether this browser is logged in (a first-time buyer is, once the order is paid). */
  logged_in: z.boolean(),
  /** Whether this browser's login opens the whole account: false for the first-time buyer's session made by paying, which reaches only this purchase (ADR 051). */
  account_open: z.boolean(),
  /**
   * A second payment for a quiz whose report another payment already paid (a second tab, Back while
   * a notification was late): this one is refunded (or being refunded), and that other payment went
   * through, so the report is unlocked (ADR 035).
   */
  other_payment_went_through: z.boolean(),
  /**
   * What the browser that paid tells the ad platforms once the order is paid (ADR 057), whether or
   * not it is logged in: the amount charged, its currency and whether the plan started with a trial
   * (then the event is a StartTrial). Null until paid, for a renewal, and for a duplicate payment.
   */
  conversion: z.object({ amount: z.number().int(), currency, trial: z.boolean() }).nullable(),
});

/** GET /quiz/sessions/:id/payment: whether this quiz's report is already paid for (the payment step asks). */
export const sessionPaymentView = z.object({
  paid: z.boolean(),
  /** The paid order, when there is one. */
  order_id: uuidParam.nullable(),
  /** The report is the logged-in owner's without an order of this session: it came with their plan (or they hold it already). */
  included: z.boolean(),
  /**
   * The logged-in owner's plan that gives access now and so includes this report (ADR 017): the
   * pre-checkout offers it instead of a payment. Null for anyone else, or without such a plan.
   */
  covering_plan: z.object({ name: z.string() }).nullable(),
});

/** POST /quiz/sessions/:id/include-report: the report, taken through the plan. */
export const includedReportView = z.object({
  included: z.literal(true),
  plan_name: z.string(),
});

export const subscriptionView = z.object({
  id: uuidParam,
  product_id: productId,
  product_name: z.string(),
  status: z.enum(["active", "paused", "cancelled", "ended", "past_due"]),
  currency,
  /** The price of the next renewal, with any discount applied. */
  next_charge_amount: z.number().int().nullable(),
  next_charge_at: z.string().datetime().nullable(),
  /** Paid access lasts until then. */
  access_until: z.string().datetime(),
  paused_until: z.string().datetime().nullable(),
  discount_percent: z.number().int().nullable(),
  cancelled_at: z.string().datetime().nullable(),
  period: billingPeriod,
  /** What the cancel flow may still offer: a pause, a discount, both or neither. */
  offers: z.object({ pause: z.boolean(), discount_percent: z.number().int().nullable() }),
});

export const subIdQuery = z.strictObject({ sub_id: uuidParam, ts: z.coerce.number().int().optional() });
export const pauseBody = z.strictObject({ sub_id: uuidParam, months: z.number().int().min(1).max(3) });
export const discountBody = z.strictObject({ sub_id: uuidParam, percent: z.number().int().min(1).max(90) });
export const cancelBody = z.strictObject({ sub_id: uuidParam, reason: z.string().trim().max(500).nullable().optional() });
export const restartBody = z.strictObject({ sub_id: uuidParam });

export const paidContentView = z.object({
  reports: z.array(z.object({ report_code: z.string(), granted_at: z.string().datetime(), order_id: uuidParam })),
  subscriptions: z.array(subscriptionView),
  has_access: z.boolean(),
});

/** POST /customer/start-lreport-generation: the logged-in customer's own paid quiz session. */
export const reportGenerationBody = z.strictObject({ session_id: uuidParam });
export const reportGenerationResponse = z.object({ status: z.enum(["queued", "generating", "ready", "failed"]) });
