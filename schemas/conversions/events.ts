/**
 * The conversion events, in one place (issue 28, ADR 056): what each is called by each ad platform,
 * whether our server sends it too, and its `event_id`. The browser (dataLayer and pixels) and the
 * server (Conversions API, Measurement Protocol, Events API, webhooks) take names and ids from here
 * only, so a platform that receives the same event from both keeps one.
 *
 * A `null` platform name means the event is not sent to that platform. `webhook` is the `type` of the
 * signed webhook the team's own endpoints receive (ADR 061); the server sends exactly the kinds that have one.
 */
export const CONVERSION_EVENTS = {
  /** A visitor answered a funnel's first step; key: the quiz session id. Browser only. */
  quiz_started: { idPrefix: "quiz", ga4: "quiz_start", meta: null, tiktok: null, webhook: null, server: false },
  /** A visitor left their e-mail at the e-mail step; key: the quiz session id. */
  lead: { idPrefix: "lead", ga4: "generate_lead", meta: "Lead", tiktok: "SubmitForm", webhook: "lead.created", server: true },
  /** A checkout was opened; key: the order id. Browser only: the server knows it only as an open order. */
  checkout_started: { idPrefix: "checkout", ga4: "begin_checkout", meta: "InitiateCheckout", tiktok: "InitiateCheckout", webhook: null, server: false },
  /** A first payment for a plan without a trial; key: the order id. */
  purchase: { idPrefix: "order", ga4: "purchase", meta: "Purchase", tiktok: "CompletePayment", webhook: "purchase.completed", server: true },
  /** A first payment for a plan that starts with a trial; key: the order id (the same id as `purchase`: one order, one event). */
  trial_started: { idPrefix: "order", ga4: "purchase", meta: "StartTrial", tiktok: "CompletePayment", webhook: "trial.started", server: true },
  /** A renewal charge of a plan; key: the payment's id. Server only: nobody is on the page. */
  subscription_renewed: {
    idPrefix: "renewal",
    ga4: "purchase",
    meta: "Purchase",
    tiktok: "CompletePayment",
    webhook: "subscription.renewed",
    server: true,
  },
  /** A refund of an order; key: the order id. Server only. */
  refund: { idPrefix: "refund", ga4: "refund", meta: null, tiktok: null, webhook: "refund.issued", server: true },
} as const satisfies Record<
  string,
  { idPrefix: string; ga4: string; meta: MetaEventName | null; tiktok: TikTokEventName | null; webhook: `${string}.${string}` | null; server: boolean }
>;

type MetaEventName = "Lead" | "InitiateCheckout" | "Purchase" | "StartTrial";
type TikTokEventName = "SubmitForm" | "InitiateCheckout" | "CompletePayment";

export type ConversionKind = keyof typeof CONVERSION_EVENTS;
export const CONVERSION_KINDS = Object.keys(CONVERSION_EVENTS) as ConversionKind[];

/** The kinds the server sends, so the kinds a staff webhook endpoint may ask for (ADR 061), in the vocabulary's order. */
export type WebhookKind = { [K in ConversionKind]: (typeof CONVERSION_EVENTS)[K]["webhook"] extends null ? never : K }[ConversionKind];
export const WEBHOOK_KINDS = CONVERSION_KINDS.filter((k): k is WebhookKind => CONVERSION_EVENTS[k].webhook !== null);

/**
 * The event's id, the same in the browser and on the server: the kind's prefix and the key of what
 * happened (a quiz session, an order, a payment). A paid order has one id whether it was a trial or not.
 */
export function conversionEventId(kind: ConversionKind, key: string): string {
  return `${CONVERSION_EVENTS[kind].idPrefix}_${key}`;
}

/**
 * The id of a flow's own event (a step's `events` in its YAML, schemas/flow/step-events.ts): its
 * name and the quiz session it happened in, so one visitor's event counts once however often the
 * step is shown. Browser only: the server sends no step events.
 */
export function stepEventId(name: string, sessionId: string): string {
  return `step_${name}_${sessionId}`;
}

/** Every name an ad platform already knows one of our conversion events by: a flow's own event may take none of them. */
export const CONVERSION_EVENT_NAMES: ReadonlySet<string> = new Set(
  Object.entries(CONVERSION_EVENTS).flatMap(([kind, e]) => [kind, e.ga4, e.meta, e.tiktok].filter((n): n is string => n !== null).map((n) => n.toLowerCase())),
);
