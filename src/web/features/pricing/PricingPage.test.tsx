import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { flowSummaries } from "virtual:flow-cards";
import { cardsInOrder } from "#engine/flow/cards.ts";
import type { ProductView } from "#web/shared/money/money.ts";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

const product = (currency: "USD" | "EUR", over: Partial<ProductView> = {}): ProductView => ({
  id: "trial_7d",
  name: "7-day trial",
  summary: "Try everything for 7 days for a small fee.",
  includes: ["Your full personal report, saved in your account and as a PDF", "All education plans, articles and tools in your account"],
  badge: null,
  most_popular: false,
  preselected: false,
  trial_days: 7,
  period: "month",
  currency,
  first_amount: 199,
  renewal_amount: currency === "USD" ? 2999 : 2799,
  ...over,
});
const quarter = (currency: "USD" | "EUR"): ProductView =>
  product(currency, { id: "quarter_3", name: "3 months", badge: "Best value", trial_days: 0, period: "quarter", first_amount: 4999, renewal_amount: 4999 });

/** The currency each products call asked for ("" when the server was left to choose). */
const askedCurrencies = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost"))
    .filter((u) => u.pathname === "/api/payment/products/paypro")
    .map((u) => u.searchParams.get("currency") ?? "");

describe("PricingPage", () => {
  it("shows each plan with today's price and its renewal in plain words, and the way to start", async () => {
    mockFetch({ "GET /payment/products/paypro": ok({ data: [product("USD"), quarter("USD")] }) });
    renderRoute("/pricing");
    const trial = await screen.findByRole("article", { name: "7-day trial" });
    expect(within(trial).getByText("US$1.99")).toBeTruthy();
    expect(trial.textContent).toContain("US$1.99 today for 7 days, then US$29.99 every month until you cancel.");
    expect(within(trial).getByRole("list", { name: "What 7-day trial includes" }).textContent).toContain("All education plans, articles and tools");
    const three = screen.getByRole("article", { name: "3 months" });
    expect(three.textContent).toContain("US$49.99 today, then US$49.99 every 3 months until you cancel.");
    expect(screen.getByRole("link", { name: "Start the career interest test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    const start = screen.getByRole("region", { name: "How to start" });
    expect(within(start).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login?next=%2Fpricing");
    // The assessments are the flows' cards (virtual:flows), in the home page's order, each with its start and its minutes.
    const cards = cardsInOrder(flowSummaries);
    const listed = within(within(start).getByRole("list", { name: "The assessments" })).getAllByRole("listitem");
    expect(listed.map((item) => item.textContent)).toEqual(
      cards.map((c) => `${typeof c.title === "string" ? c.title : c.title.code} (about ${c.minutes} minute${c.minutes === 1 ? "" : "s"})`),
    );
    expect(within(listed[0]!).getByRole("link").getAttribute("href")).toBe(cards[0]!.href);
    expect(within(start).getByRole("link", { name: "Anxiety Self-Check" }).getAttribute("href")).toBe("/anxiety");
    expect(screen.getByRole("link", { name: "refund policy" }).getAttribute("href")).toBe("/refund-policy");
    expect(document.body.textContent).not.toMatch(/\{\{|undefined|NaN/);
  });

  it('shows "Most popular" only on the plan the server marked, and nowhere when it marked none', async () => {
    mockFetch({ "GET /payment/products/paypro": ok({ data: [product("USD"), quarter("USD")] }) });
    const { unmount } = renderRoute("/pricing");
    await screen.findByRole("article", { name: "7-day trial" });
    expect(document.body.textContent).not.toContain("Most popular");
    expect(screen.getByRole("article", { name: "3 months" }).textContent).toContain("Best value");
    unmount();
    mockFetch({ "GET /payment/products/paypro": ok({ data: [product("USD", { most_popular: true }), quarter("USD")] }) });
    renderRoute("/pricing");
    expect((await screen.findByRole("article", { name: "7-day trial" })).textContent).toContain("Most popular");
    expect(screen.getByRole("article", { name: "3 months" }).textContent).not.toContain("Most popular");
  });

  it("prices the plans in another currency when the visitor picks one", async () => {
    mockFetch({ "GET /payment/products/paypro": ok({ data: [product("USD")] }) });
    renderRoute("/pricing");
    await screen.findByRole("article", { name: "7-day trial" });
    mockFetch({ "GET /payment/products/paypro": ok({ data: [product("EUR")] }) });
    await userEvent.selectOptions(screen.getByLabelText("Prices in"), "EUR");
    await waitFor(() => expect(screen.getByRole("article", { name: "7-day trial" }).textContent).toContain("€1.99 today for 7 days, then €27.99 every month"));
    expect(askedCurrencies()).toEqual(["EUR"]);
    expect(screen.getByLabelText<HTMLSelectElement>("Prices in").value).toBe("EUR");
  });

  it("a logged-in customer is pointed at My plans instead of the login", async () => {
    mockFetch({ "GET /payment/products/paypro": ok({ data: [product("USD")] }) });
    renderRoute("/pricing", { customer: testCustomer });
    const start = await screen.findByRole("region", { name: "How to start" });
    expect(within(start).getByRole("link", { name: "See my plans" }).getAttribute("href")).toBe("/account/profile/my-plans");
    expect(within(start).queryByRole("link", { name: "Log in" })).toBeNull();
  });

  it("says when the plans cannot be loaded, and Try again loads them", async () => {
    mockFetch({ "GET /payment/products/paypro": fail(503, "unavailable") });
    renderRoute("/pricing");
    expect((await screen.findByRole("alert")).textContent).toContain("We could not load the plans");
    mockFetch({ "GET /payment/products/paypro": ok({ data: [product("USD")] }) });
    await userEvent.click(screen.getByRole("button", { name: "try again" }));
    expect(await screen.findByRole("article", { name: "7-day trial" })).toBeTruthy();
  });
});
