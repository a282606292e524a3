import { CONVERSION_EVENTS, conversionEventId, stepEventId, type ConversionKind } from "#schemas/conversions/events.ts";
import { decimalMoney } from "#schemas/content/money.ts";
import { allowsAny } from "../consent/consent-gate.ts";
import { currentConsent } from "../consent/consent-state.ts";
import { sendToPixels, type ConversionData } from "./pixels.ts";
import { firstSend } from "./sent-events.ts";

/** An amount in minor units as the platforms take a value: 1999 → 19.99. */
export const conversionValue = (minor: number) => Number(decimalMoney(minor));

/** Onto the tag manager's queue (window.dataLayer, declared with its loader in ../monitoring/tag-manager.ts). */
function push(entry: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}

/**
 * Sends one conversion event from the browser (ADR 057): only with the visitor's marketing consent
 * (one asked before is dropped, never kept for later), once per event id in this browser, to the
 * page's dataLayer under its GA4 name and to each configured pixel that has a name for it. The id is
 * `conversionEventId(kind, key)`, the one the server sends the same event with.
 */
export function sendConversion(kind: ConversionKind, key: string, data: ConversionData = {}): void {
  if (!allowsAny(currentConsent(), "marketing")) return;
  const eventId = conversionEventId(kind, key);
  if (!firstSend(eventId)) return;
  push({ event: CONVERSION_EVENTS[kind].ga4, event_id: eventId, ...data });
  sendToPixels(kind, eventId, data);
}

/** A flow's own event (a step's `events` in its YAML): to the dataLayer only, with the same consent and once per quiz session. */
export function sendStepEvent(name: string, sessionId: string): void {
  if (!allowsAny(currentConsent(), "marketing")) return;
  const eventId = stepEventId(name, sessionId);
  if (firstSend(eventId)) push({ event: name, event_id: eventId });
}

/**
 * The order page saw a first purchase paid: a `purchase` (or, for a plan that starts with a trial,
 * `trial_started`: the same GA4 event and id) with the order id as transaction id, its value and currency.
 */
export function sendPaidOrder(order: { id: string; conversion: { amount: number; currency: string; trial: boolean } | null }): void {
  if (!order.conversion) return;
  const { amount, currency, trial } = order.conversion;
  sendConversion(trial ? "trial_started" : "purchase", order.id, { transaction_id: order.id, value: conversionValue(amount), currency });
}
