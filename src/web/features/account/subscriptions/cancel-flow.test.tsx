import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fail, mockFetch, notFound, ok, type Call } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { offerFor } from "./offers.ts";
import type { SubscriptionView } from "./subscriptions-api.ts";

const SUB = "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d";
const sub = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: SUB,
  product_id: "trial_7d",
  product_name: "7-day trial",
  status: "active",
  currency: "USD",
  next_charge_amount: 2999,
  next_charge_at: "2027-03-12T12:00:00.000Z",
  access_until: "2027-03-12T12:00:00.000Z",
  paused_until: null,
  discount_percent: null,
  cancelled_at: null,
  period: "month",
  offers: { pause: true, discount_percent: 50 },
  ...over,
});
const cancelled = sub({
  status: "cancelled",
  cancelled_at: "2027-02-20T10:00:00.000Z",
  next_charge_amount: null,
  next_charge_at: null,
  offers: { pause: false, discount_percent: null },
});

/** The account API: the list answers the latest state; cancel, pause and discount change it. */
function account(start: SubscriptionView) {
  let current = start;
  const calls: Call[] = mockFetch({
    ...notFound("GET /customer/billing"), // the profile's billing part, not looked at here
    "GET /customer/subscriptions": () => ok([current]),
    "POST /subscription/cancel": () => ok((current = cancelled)),
    "POST /subscription/discount/apply": () =>
      ok((current = sub({ discount_percent: 50, next_charge_amount: 1500, offers: { pause: true, discount_percent: null } }))),
    "POST /subscription/pause": () =>
      ok(
        (current = sub({
          status: "paused",
          paused_until: "2027-04-12T12:00:00.000Z",
          next_charge_at: "2027-04-12T12:00:00.000Z",
          offers: { pause: false, discount_percent: 50 },
        })),
      ),
  });
  return calls;
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === "POST" && c.path !== "/log");

describe("offer matching", () => {
  it("one offer per reason, only while the subscription may still have it", () => {
    expect(offerFor("too_expensive", sub())).toEqual({ kind: "discount", percent: 50 });
    expect(offerFor("taking_break", sub())).toEqual({ kind: "pause" });
    expect(offerFor("not_using", sub())).toEqual({ kind: "pause" });
    expect(offerFor("by_mistake", sub())).toBeNull();
    expect(offerFor(null, sub())).toBeNull();
    expect(offerFor("too_expensive", sub({ offers: { pause: true, discount_percent: null } }))).toBeNull();
    expect(offerFor("taking_break", sub({ offers: { pause: false, discount_percent: 50 } }))).toBeNull();
  });
});

describe("the cancel flow", () => {
  it("from the profile to cancelled in two clicks, with the end date on the confirmation", async () => {
    const calls = account(sub());
    const { router } = renderRoute("/account/profile", { customer: testCustomer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Cancel subscription for 7-day trial" }));
    expect(await screen.findByText(/You keep full access until 12 March 2027/)).toBeTruthy();
    expect(screen.getByText(/the US\$29.99 charge on 12 March 2027 will not happen/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/profile/unsubscribe/done"));
    expect(await screen.findByRole("heading", { level: 1, name: "Your subscription is cancelled" })).toBeTruthy();
    expect(screen.getByText("You keep access until 12 March 2027. You won’t be charged again.")).toBeTruthy();
    expect(screen.getByText(/emailed a confirmation to ada@example.org/)).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: "POST", path: "/subscription/cancel", body: { sub_id: SUB, reason: null } }]);
  });

  it("the reasons page: nothing chosen, Continue and Cancel now side by side; Cancel now cancels at once", async () => {
    const calls = account(sub());
    const { router } = renderRoute(`/account/profile/unsubscribe?sub_id=${SUB}`, { customer: testCustomer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Tell us why first" }));
    const reasons = await screen.findByRole("group", { name: "Your main reason (optional)" });
    expect(
      within(reasons)
        .getAllByRole("radio")
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    expect(screen.getByRole("button", { name: "Continue" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/profile/unsubscribe/done"));
    expect(await screen.findByRole("heading", { level: 1, name: "Your subscription is cancelled" })).toBeTruthy();
    expect(screen.getByText("You keep access until 12 March 2027. You won’t be charged again.")).toBeTruthy();
    expect(screen.getByText(/emailed a confirmation to ada@example.org/)).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: "POST", path: "/subscription/cancel", body: { sub_id: SUB, reason: null } }]);
  });

  it("'too expensive' shows exactly one offer, the discount; 'No thanks, cancel' looks exactly like it and cancels", async () => {
    const calls = account(sub());
    const { router } = renderRoute(`/account/profile/unsubscribe/reasons?sub_id=${SUB}`, { customer: testCustomer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "It costs more than it is worth to me" }));
    await user.type(screen.getByLabelText(/Anything else/), "Money is tight");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Would 50% off help?" })).toBeTruthy();
    expect(screen.getByText(/Pay US\$15.00 instead of US\$29.99 a month, from your next charge on 12 March 2027/)).toBeTruthy();
    const accept = screen.getByRole("button", { name: "Keep my plan at 50% off" });
    const decline = screen.getByRole("button", { name: "No thanks, cancel" });
    expect(decline.className).toBe(accept.className);
    expect(screen.queryByRole("button", { name: /Pause/ })).toBeNull();
    await user.click(decline);
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/profile/unsubscribe/done"));
    expect(await screen.findByText(/You keep access until 12 March 2027/)).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: "POST", path: "/subscription/cancel", body: { sub_id: SUB, reason: "too_expensive: Money is tight" } }]);
  });

  it("accepting the discount keeps the plan and says what the next charge is", async () => {
    const calls = account(sub());
    renderRoute(`/account/profile/unsubscribe/offer?sub_id=${SUB}&reason=too_expensive`, { customer: testCustomer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Keep my plan at 50% off" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your discount is on" })).toBeTruthy();
    expect(screen.getByText(/Your next charge is US\$15.00 on 12 March 2027/)).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: "POST", path: "/subscription/discount/apply", body: { sub_id: SUB, percent: 50 } }]);
  });

  it("'taking a break' offers a pause of 1–3 months, none chosen in advance", async () => {
    const calls = account(sub());
    renderRoute(`/account/profile/unsubscribe/reasons?sub_id=${SUB}`, { customer: testCustomer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "I am taking a break for a while" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Would a break help?" })).toBeTruthy();
    const months = screen.getByRole("group", { name: "How long would you like to pause for?" });
    expect(
      within(months)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
    expect(screen.getByRole("button", { name: "No thanks, cancel" }).className).toBe(screen.getByRole("button", { name: "Pause my plan" }).className);
    await user.click(within(months).getByRole("radio", { name: /2 months/ }));
    await user.click(screen.getByRole("button", { name: "Pause for 2 months" }));
    expect(await screen.findByRole("heading", { level: 1, name: "7-day trial is paused" })).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: "POST", path: "/subscription/pause", body: { sub_id: SUB, months: 2 } }]);
  });

  it("a reason without a matching offer: Continue cancels straight away", async () => {
    const calls = account(sub());
    const { router } = renderRoute(`/account/profile/unsubscribe/reasons?sub_id=${SUB}`, { customer: testCustomer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "I subscribed by mistake" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/profile/unsubscribe/done"));
    expect(posts(calls)).toEqual([{ method: "POST", path: "/subscription/cancel", body: { sub_id: SUB, reason: "by_mistake" } }]);
  });

  it("my plans lists each subscription with its next charge, access end, discount, and pause and cancel links", async () => {
    account(sub({ discount_percent: 50, next_charge_amount: 1500 }));
    renderRoute("/account/profile/my-plans", { customer: testCustomer });
    const card = await screen.findByRole("article", { name: "7-day trial" });
    expect(card.textContent).toContain("US$15.00 on 12\u00a0March\u00a02027");
    expect(card.textContent).toContain("50% off every renewal");
    expect(within(card).getByRole("link", { name: "Pause 7-day trial" }).getAttribute("href")).toBe(`/account/profile/pause?sub_id=${SUB}`);
    expect(within(card).getByRole("link", { name: "Cancel subscription for 7-day trial" }).getAttribute("href")).toBe(
      `/account/profile/unsubscribe?sub_id=${SUB}`,
    );
  });

  it("the account pages need a login", async () => {
    mockFetch({});
    const { router } = renderRoute("/account/profile/my-plans");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});

describe("the unsubscribe page without sub_id", () => {
  const OTHER = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";
  const paused = sub({ id: OTHER, product_name: "3 months", status: "paused", paused_until: "2027-05-01T00:00:00.000Z" });

  it("lists the subscriptions that can still be cancelled, each linked to its cancel page", async () => {
    mockFetch({ "GET /customer/subscriptions": ok([sub(), paused, { ...cancelled, id: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f", product_name: "1 month" }]) });
    const { router } = renderRoute("/account/profile/unsubscribe", { customer: testCustomer });
    expect(await screen.findByRole("heading", { level: 1, name: "Which subscription do you want to cancel?" })).toBeTruthy();
    const links = await screen.findAllByRole("link", { name: /^Cancel / });
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Cancel 7-day trial", `/account/profile/unsubscribe?sub_id=${SUB}`],
      ["Cancel 3 months", `/account/profile/unsubscribe?sub_id=${OTHER}`],
    ]);
    expect(screen.getByText("Next charge: US$29.99 on 12 March 2027.")).toBeTruthy();
    expect(screen.getByText("Paused until 1 May 2027.")).toBeTruthy();
    await userEvent.click(links[1]!);
    expect(await screen.findByRole("heading", { level: 1, name: "Cancel 3 months" })).toBeTruthy();
    expect(router.state.location.search).toBe(`?sub_id=${OTHER}`);
  });

  it("with nothing left to cancel, says so and points at My plans", async () => {
    mockFetch({ "GET /customer/subscriptions": ok([cancelled]) });
    renderRoute("/account/profile/unsubscribe", { customer: testCustomer });
    expect(await screen.findByText(/You have no subscription that renews/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See my plans" }).getAttribute("href")).toBe("/account/profile/my-plans");
  });
});

describe("restarting a plan from My plans", () => {
  it("a cancelled plan with paid time left restarts in one click, with nothing charged now", async () => {
    let current = { ...cancelled, access_until: "2099-03-12T12:00:00.000Z" };
    const calls = mockFetch({
      "GET /customer/subscriptions": () => ok([current]),
      "POST /subscription/restart": () => ok((current = sub({ access_until: "2099-03-12T12:00:00.000Z", next_charge_at: "2099-03-12T12:00:00.000Z" }))),
    });
    renderRoute("/account/profile/my-plans", { customer: testCustomer });
    expect(await screen.findByText("Restart it before 12 March 2099 and nothing is charged until then.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Restart 7-day trial" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "7-day trial is running again. Nothing is charged today; the next charge is US$29.99 on 12\u00a0March\u00a02099.",
      ),
    );
    expect(calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", path: "/subscription/restart", body: { sub_id: SUB } }]);
    expect(await screen.findByRole("link", { name: "Cancel subscription for 7-day trial" })).toBeTruthy();
  });

  it("a plan whose paid time is over is bought again through a new checkout", async () => {
    const ended = { ...cancelled, status: "ended" as const, access_until: "2020-01-01T00:00:00.000Z" };
    const calls = mockFetch({
      "GET /customer/subscriptions": ok([ended]),
      "POST /checkout/start": ok({ order_id: "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6", url: "/sandbox/max_pay/checkout?order=1" }),
    });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderRoute("/account/profile/my-plans", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Start again 7-day trial" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox/max_pay/checkout?order=1"));
    expect(calls.find((c) => c.path === "/checkout/start")?.body).toEqual({ product_id: "trial_7d" });
    expect(screen.queryByRole("button", { name: /^Restart/ })).toBeNull();
  });

  it("a plan no longer sold says so and points at the plans on sale", async () => {
    mockFetch({
      "GET /customer/subscriptions": ok([{ ...cancelled, status: "ended" as const, access_until: "2020-01-01T00:00:00.000Z" }]),
      "POST /checkout/start": fail(404, "not_found", "Plan not found"),
    });
    renderRoute("/account/profile/my-plans", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Start again 7-day trial" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("7-day trial is no longer sold."));
    expect(screen.getByRole("link", { name: "See the plans on sale" }).getAttribute("href")).toBe("/pricing");
  });
});

describe("the pause page says what stays and what locks", () => {
  it("before anything is chosen: reports stay, content stays open until the paid period ends and then locks until the plan resumes", async () => {
    account(sub({ access_until: "2027-03-12T12:00:00.000Z" }));
    renderRoute(`/account/profile/pause?sub_id=${SUB}`, { customer: testCustomer });
    expect(await screen.findByRole("heading", { level: 1, name: "Pause 7-day trial" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/without losing/);
    const terms = screen.getByText("While your plan is paused").parentElement!;
    const items = within(terms)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([
      "You are not charged.",
      "Your reports stay yours: you can open and download them as always.",
      "Education plans, articles, tools and coaching stay open until 12\u00a0March\u00a02027, the end of the period you have paid for. After that they are locked until your plan resumes and is charged again.",
      "Your progress in the plans and your tool entries are kept, and open again when the plan resumes.",
    ]);
  });

  it("the pause offer in the cancel flow says the same, and the confirmation repeats when content locks", async () => {
    account(sub());
    renderRoute(`/account/profile/unsubscribe/reasons?sub_id=${SUB}`, { customer: testCustomer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "I am taking a break for a while" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(/stay open until 12 March 2027, the end of the period you have paid for/)).toBeTruthy();
    await user.click(within(screen.getByRole("group", { name: "How long would you like to pause for?" })).getByRole("radio", { name: /1 month/ }));
    await user.click(screen.getByRole("button", { name: "Pause for 1 month" }));
    expect(await screen.findByText(/stay open until 12 March 2027, then lock until the plan resumes/)).toBeTruthy();
  });
});
