import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { chooseConsent, resetConsent } from "#web/test/consent.ts";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute } from "#web/test/render-route.tsx";
import { SHOWS_MS } from "#web/test/waits.ts";

const ID = "3f1c2b9e-4a1f-4c3e-9b6d-2f1e0a9c8b7d";
const order = (status: string) => ({
  id: ID,
  status,
  product_id: "trial_7d",
  product_name: "7-day trial",
  currency: "USD",
  amount: 199,
  report_code: "career_report",
  flow_code: "career_test_green",
  logged_in: false,
  account_open: true,
  other_payment_went_through: false,
  conversion: status === "paid" ? { amount: 199, currency: "USD", trial: true } : null,
});

/** Answers the order's statuses in turn, the last one from then on. */
function orderReplies(...statuses: string[]) {
  let call = 0;
  return mockFetch({ [`GET /orders/${ID}`]: () => ok(order(statuses[Math.min(call++, statuses.length - 1)]!)) });
}

describe("order-redirect check page", () => {
  it("polls the order while it is pending, then shows the success page once the server says paid", async () => {
    const calls = orderReplies("pending", "paid");
    const { router } = renderRoute(`/order-redirect?order_id=${ID}`);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Confirming your payment…");
    await waitFor(() => expect(router.state.location.pathname).toBe("/order-success"));
    expect(router.state.location.search).toBe(`?order_id=${ID}`);
    expect((await screen.findByRole("heading", { level: 1, name: "Thank you, your report is unlocked" })).textContent).toBeTruthy();
    expect(screen.getByText("7-day trial")).toBeTruthy();
    expect(screen.getByText("US$1.99")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("link", { name: "See your result" }).getAttribute("href")).toBe("/get-result"));
    expect(screen.getByRole("link", { name: "Go to your account" }).getAttribute("href")).toBe("/account");
    expect(calls.filter((c) => c.path === `/orders/${ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it("a first-time buyer, logged in by paying for this report only, is offered a login to the account rather than a link that lands on one", async () => {
    mockFetch({ [`GET /orders/${ID}`]: () => ok({ ...order("paid"), logged_in: true, account_open: false }) });
    renderRoute(`/order-success?order_id=${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you, your report is unlocked" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Go to your account" })).toBeNull();
    expect(screen.getByRole("link", { name: "Log in to your account" }).getAttribute("href")).toBe("/login?next=%2Faccount");
  });

  it("a declined order goes to the declined page, which offers a retry and support", async () => {
    orderReplies("pending", "declined");
    const { router } = renderRoute(`/order-redirect?order_id=${ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/order-declined"));
    expect(await screen.findByRole("heading", { level: 1, name: "Your payment did not go through" })).toBeTruthy();
    expect(screen.getByText("You have not been charged.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("link", { name: "Choose another plan" }).getAttribute("href")).toBe("/pre-checkout"));
    expect(screen.getAllByRole("link", { name: "support@pathwise.app" }).length).toBeGreaterThan(0);
  });

  it("an order under review says so and stays on the page", async () => {
    orderReplies("needs_review");
    const { router } = renderRoute(`/order-redirect?order_id=${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "We are checking your payment" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/order-redirect");
  });

  it("an unknown order is not polled forever and grants nothing", async () => {
    // The page's clock is the test's: "no second call" is checked after the time of many polls, at once.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    onTestFinished(() => void vi.useRealTimers());
    const calls = mockFetch({ [`GET /orders/${ID}`]: fail(404, "not_found", "No such order") });
    renderRoute(`/order-redirect?order_id=${ID}`);
    // vi.waitFor moves the fake clock on by its interval at each look.
    await vi.waitFor(() => screen.getByRole("heading", { level: 1, name: "We cannot show this order here" }), { timeout: SHOWS_MS });
    // A next step, not a dead end: log in (the receipt's link and support are named too).
    expect(screen.getByRole("link", { name: "Log in to your account" }).getAttribute("href")).toBe("/login?next=%2Faccount%2Fprofile%2Fmy-plans");
    expect(screen.getByText(/open the link in that email/)).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "We cannot show this order here" }))
        .getByRole("link", { name: /@/ })
        .getAttribute("href"),
    ).toMatch(/^mailto:/);
    // Ten poll intervals (src/web/features/checkout/use-order-poll.ts asks every second while pending).
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.path === `/orders/${ID}`).length).toBe(1);
  });

  it("the success URL opened in another browser never says no payment was confirmed: the order may be paid, and shows where it was paid", async () => {
    // The server answers 404 alike for no such order and for someone else's, paid or not (ADR 011, ADR 079).
    mockFetch({ [`GET /orders/${ID}`]: fail(404, "not_found", "No such order") });
    renderRoute(`/order-success?order_id=${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "We cannot show this order here" })).toBeTruthy();
    expect(document.title).toBe("Order not shown here · Pathwise");
    expect(screen.queryByText(/not confirmed/i)).toBeNull();
    expect(screen.getByText(/belongs to another browser/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Log in to your account" }).getAttribute("href")).toBe("/login?next=%2Faccount%2Fprofile%2Fmy-plans");
  });

  it("the success URL opened by hand shows no success while the order is not paid", async () => {
    orderReplies("pending");
    renderRoute(`/order-success?order_id=${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Confirming your payment…" })).toBeTruthy();
    expect(screen.queryByText(/report is unlocked/)).toBeNull();
  });

  it.each([
    ["refunded", "/order-redirect", /We refunded this second payment in full/],
    ["refunding", "/order-redirect", /We are refunding this second payment in full/],
    ["refunded", "/order-success", /We refunded this second payment in full/],
  ])("a second payment %s for a quiz already paid (%s): the other payment went through, with a link to the report", async (status, page, refund) => {
    mockFetch({ [`GET /orders/${ID}`]: () => ok({ ...order(status), logged_in: true, other_payment_went_through: true }) });
    renderRoute(`${page}?order_id=${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Your other payment went through" })).toBeTruthy();
    expect(screen.getByText(/Your other payment went through, so your report is unlocked/)).toBeTruthy();
    expect(screen.getByText(refund)).toBeTruthy();
    expect(screen.queryByText("This payment was refunded")).toBeNull();
    await waitFor(() => expect(screen.getByRole("link", { name: "See your report" }).getAttribute("href")).toBe("/get-result"));
  });

  it("the same tab not logged in: the report's link goes through the login page", async () => {
    mockFetch({ [`GET /orders/${ID}`]: () => ok({ ...order("refunded"), other_payment_went_through: true }) });
    renderRoute(`/order-redirect?order_id=${ID}`);
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Log in to see your report" }).getAttribute("href")).toBe(
        `/login?${new URLSearchParams({ next: "/get-result" })}`,
      ),
    );
  });

  it("a payment refunded by support (not a second payment) still says it was refunded", async () => {
    orderReplies("refunded");
    renderRoute(`/order-redirect?order_id=${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "This payment was refunded" })).toBeTruthy();
  });

  it("/declined?style=2 uses the focused layout without site navigation", async () => {
    mockFetch({});
    renderRoute("/declined?style=2");
    expect(await screen.findByRole("heading", { level: 1, name: "Your payment did not go through" })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/quiz/career_test_green");
  });

  it.each([
    ["marketing allowed", 1, true],
    ["marketing declined", 0, false],
  ])(
    "%s: the confirmed payment gives %i purchase in the dataLayer, with the order's id, not again when the page is opened again",
    async (_, count, marketing) => {
      chooseConsent({ analytics: false, marketing });
      window.dataLayer = [];
      const purchases = () => window.dataLayer!.filter((e) => (e as { event?: string }).event === "purchase");
      try {
        orderReplies("pending", "paid");
        const first = renderRoute(`/order-redirect?order_id=${ID}`);
        expect(await screen.findByRole("heading", { level: 1, name: "Thank you, your report is unlocked" })).toBeTruthy();
        first.unmount();
        // A reload of the success page (or a second tab): the order is paid from its first answer.
        renderRoute(`/order-success?order_id=${ID}`);
        expect(await screen.findByRole("heading", { level: 1, name: "Thank you, your report is unlocked" })).toBeTruthy();
        expect(purchases()).toEqual(count === 1 ? [{ event: "purchase", event_id: `order_${ID}`, transaction_id: ID, value: 1.99, currency: "USD" }] : []);
      } finally {
        resetConsent();
      }
    },
  );
});
