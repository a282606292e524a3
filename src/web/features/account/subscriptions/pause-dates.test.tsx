import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import type { SubscriptionView } from "./subscriptions-api.ts";

const SUB = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
const active = (nextChargeAt: string): SubscriptionView => ({
  id: SUB,
  product_id: "month_1",
  product_name: "1 month",
  status: "active",
  currency: "USD",
  next_charge_amount: 2999,
  next_charge_at: nextChargeAt,
  access_until: nextChargeAt,
  paused_until: null,
  discount_percent: null,
  cancelled_at: null,
  period: "month",
  offers: { pause: true, discount_percent: 30 },
});

/**
 * The server pauses a next charge on 30 December 2026 for 2 months until 28 February 2027
 * (tests/integration/subscriptions-calls.test.ts checks it); `resumes` is what it answers here.
 */
function account(start: SubscriptionView, resumes: string) {
  let current = start;
  mockFetch({
    "GET /customer/subscriptions": () => ok([current]),
    "POST /subscription/pause": () =>
      ok((current = { ...start, status: "paused", paused_until: resumes, next_charge_at: resumes, offers: { pause: false, discount_percent: 30 } })),
  });
}

/** The words beside the "N month(s)" choice, with its no-break spaces read as spaces. */
function optionText(group: HTMLElement, months: number): string {
  const radio = within(group).getByRole("radio", { name: new RegExp(`^${months} months?`) });
  return radio.closest("label")!.textContent.replace(/\u00a0/g, " ");
}

describe("the pause page shows the date the server will charge", () => {
  it("a next charge on 30 December: 1, 2 or 3 months resume on 30 January, 28 February (the month's last day) and 30 March", async () => {
    account(active("2026-12-30T10:00:00.000Z"), "2027-02-28T10:00:00.000Z");
    renderRoute(`/account/profile/pause?sub_id=${SUB}`, { customer: testCustomer });
    const group = await screen.findByRole("group", { name: "How long would you like to pause for?" });
    expect(optionText(group, 1)).toContain("Billing resumes 30 January 2027");
    expect(optionText(group, 2)).toContain("Billing resumes 28 February 2027");
    expect(optionText(group, 3)).toContain("Billing resumes 30 March 2027");

    const user = userEvent.setup();
    await user.click(within(group).getByRole("radio", { name: /^2 months/ }));
    expect(screen.getByText("Billing resumes on 28 February 2027.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Pause for 2 months" }));
    expect(await screen.findByText(/It resumes on 28 February 2027/)).toBeTruthy();
  });

  it("a next charge on 31 January resumes on the last day of February, 29 February in a leap year", async () => {
    account(active("2028-01-31T10:00:00.000Z"), "2028-02-29T10:00:00.000Z");
    renderRoute(`/account/profile/pause?sub_id=${SUB}`, { customer: testCustomer });
    const group = await screen.findByRole("group", { name: "How long would you like to pause for?" });
    expect(optionText(group, 1)).toContain("Billing resumes 29 February 2028");
    expect(optionText(group, 3)).toContain("Billing resumes 30 April 2028");
  });
});
