import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chooseConsent, resetConsent } from "#web/test/consent.ts";
import { sendConversion, sendPaidOrder, sendStepEvent } from "./conversions.ts";

const choose = (marketing: boolean) => chooseConsent({ analytics: marketing, marketing });

const conversions = () => (window.dataLayer ?? []).filter((e) => typeof e === "object" && e !== null && "event_id" in e);

beforeEach(() => {
  resetConsent();
  window.dataLayer = [];
});
afterEach(() => {
  resetConsent();
});

describe("conversion events in the dataLayer", () => {
  it("are pushed only with marketing consent: none before a choice, none after Decline, none replayed after a later Accept", () => {
    sendConversion("lead", "s1");
    choose(false);
    sendConversion("checkout_started", "o1");
    expect(conversions()).toEqual([]);

    choose(true);
    expect(conversions()).toEqual([]);
    sendConversion("quiz_started", "s2");
    sendConversion("checkout_started", "o2", { value: 1.99, currency: "USD" });
    expect(conversions()).toEqual([
      { event: "quiz_start", event_id: "quiz_s2" },
      { event: "begin_checkout", event_id: "checkout_o2", value: 1.99, currency: "USD" },
    ]);
  });

  it("a paid order is one purchase with its id, value and currency, however often its page sees it (a reload, a second tab)", () => {
    choose(true);
    const order = { id: "9b2f", conversion: { amount: 199, currency: "EUR", trial: true } };
    sendPaidOrder(order);
    sendPaidOrder(order);
    sendPaidOrder({ id: "7c1d", conversion: { amount: 1999, currency: "USD", trial: false } });
    // A trial and a plain purchase are both GA4 purchases, with the id the server sends them with.
    expect(conversions()).toEqual([
      { event: "purchase", event_id: "order_9b2f", transaction_id: "9b2f", value: 1.99, currency: "EUR" },
      { event: "purchase", event_id: "order_7c1d", transaction_id: "7c1d", value: 19.99, currency: "USD" },
    ]);
    // An order the server gives no conversion for (not paid, a renewal, a refunded duplicate) sends nothing.
    sendPaidOrder({ id: "5e5e", conversion: null });
    expect(conversions()).toHaveLength(2);
  });

  it("a flow's own event goes once per quiz session, only with consent", () => {
    sendStepEvent("switch_ready_to_act", "s9");
    expect(conversions()).toEqual([]);
    choose(true);
    sendStepEvent("switch_ready_to_act", "s9");
    sendStepEvent("switch_ready_to_act", "s9");
    sendStepEvent("switch_ready_to_act", "s10");
    expect(conversions()).toEqual([
      { event: "switch_ready_to_act", event_id: "step_switch_ready_to_act_s9" },
      { event: "switch_ready_to_act", event_id: "step_switch_ready_to_act_s10" },
    ]);
  });
});
