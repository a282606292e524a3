import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import type { Receipt } from "./billing-api.ts";

const ID = "5b0c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4";
const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  order_id: ID,
  order_kind: "initial",
  plan_name: "7-day trial",
  period: "month",
  trial_days: 7,
  amount: 199,
  currency: "USD",
  paid_at: "2027-03-03T10:00:00.000Z",
  refunded_at: null,
  provider_reference: null,
  payment_method: "Card, through Maxpay",
  customer_email: testCustomer.email,
  seller: { name: "Pathwise", website: "https://pathwise.app", support_email: "support@pathwise.app" },
  ...over,
});

describe("/account/profile/receipts/:orderId", () => {
  it("the printable receipt carries the refund terms the receipt e-mail has, from their one home, with the policy's link", async () => {
    mockFetch({ [`GET /customer/billing/${ID}`]: ok(receipt()) });
    renderRoute(`/account/profile/receipts/${ID}`, { customer: testCustomer });
    const terms = await screen.findByText((_, el) => el?.tagName === "P" && el.textContent?.startsWith(REFUND_TERMS) === true);
    expect(terms.querySelector("a")?.getAttribute("href")).toBe("/refund-policy");
  });

  it("a refunded receipt says the money went back, not how to ask for it", async () => {
    mockFetch({ [`GET /customer/billing/${ID}`]: ok(receipt({ refunded_at: "2027-03-05T10:00:00.000Z" })) });
    renderRoute(`/account/profile/receipts/${ID}`, { customer: testCustomer });
    expect(await screen.findByText(/went back to the card it was paid with/)).toBeTruthy();
    expect(screen.queryByText(REFUND_TERMS, { exact: false })).toBeNull();
  });
});
