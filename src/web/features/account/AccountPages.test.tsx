import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { allowConsoleErrors } from "#web/test/console-guard.ts";
import { fail, mockFetch, notFound, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { CALM, CAREER, planFixture, takenCareer } from "./plans/plan-fixtures.ts";

/** The dashboard's reads, answered "not found" where a test looks at another part of /account (each test lists what it looks at). */
const dashboard = notFound("GET /customer/settings", "GET /customer/paid-content", "GET /customer/latest-reports", "GET /customer/edu-plan/list");

describe("account pages", () => {
  it("logs out and confirms it on the login page", async () => {
    const calls = mockFetch({ ...dashboard, "POST /auth/logout": ok({ ok: true }) });
    const { router } = renderRoute("/account", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("You have been logged out.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/auth/logout"]);
  });

  it("a logout the server did not confirm still logs out here and says the server was not reached", async () => {
    allowConsoleErrors(/Logout call failed/);
    mockFetch({ ...dashboard, "POST /auth/logout": fail(503, "unavailable") });
    const { router } = renderRoute("/account", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("We could not reach the server, but you are logged out on this device.")).toBeTruthy();
    expect(screen.queryByText("You have been logged out.")).toBeNull();
  });

  it("offers the welcome to a customer who has not finished it", async () => {
    mockFetch(dashboard);
    renderRoute("/account", { customer: testCustomer });
    expect((await screen.findByRole("link", { name: "Start the welcome" })).getAttribute("href")).toBe("/account/onboarding?id=1");
    expect(document.body.textContent).not.toMatch(/\{\{/);
  });

  it("finishing the welcome marks the customer onboarded and opens the account", async () => {
    const calls = mockFetch({ ...dashboard, "POST /customers/set-onboarded": ok({ ...testCustomer, is_onboarded: true }) });
    const { router, auth } = renderRoute("/account/onboarding?id=1", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Finish and go to my account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(auth.getSnapshot().context.customer?.is_onboarded).toBe(true);
    expect(calls.map((c) => c.path)).toContain("/customers/set-onboarded");
    expect(screen.queryByRole("link", { name: "Start the welcome" })).toBeNull();
  });

  it("a failed save is announced and can be retried", async () => {
    allowConsoleErrors(/Marking the customer onboarded failed/);
    mockFetch({ ...dashboard, "POST /customers/set-onboarded": fail(500, "internal") });
    const { router } = renderRoute("/account/onboarding?id=1", { customer: testCustomer });
    await userEvent.click(await screen.findByRole("button", { name: "Finish and go to my account" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/could not save/));
    expect(router.state.location.pathname).toBe("/account/onboarding");
    expect(screen.getByRole("button", { name: "Finish and go to my account" })).toBeTruthy();
  });
});

const onboarded = { customer: { ...testCustomer, is_onboarded: true } };

describe("the dashboard's greeting", () => {
  const settings = (first_name: string | null) => ({
    email: testCustomer.email,
    first_name,
    has_password: false,
    marketing_consent: false,
    marketing_consent_at: null,
  });

  it("greets by the first name the customer gave, never by the e-mail address", async () => {
    mockFetch({ ...dashboard, "GET /customer/settings": ok(settings("Ada")) });
    renderRoute("/account", onboarded);
    expect(await screen.findByRole("heading", { level: 1, name: "Hello, Ada" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).not.toContain(testCustomer.email);
  });

  it("without a name given, or while the name cannot be read, it welcomes without one", async () => {
    mockFetch({ ...dashboard, "GET /customer/settings": ok(settings(null)) });
    const { unmount } = renderRoute("/account", onboarded);
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to your account" })).toBeTruthy();
    unmount();
    mockFetch({ ...dashboard, "GET /customer/settings": fail(503, "unavailable") });
    renderRoute("/account", onboarded);
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to your account" })).toBeTruthy();
  });
});

const trial = {
  id: "5b1f0c8e-2d4a-4f6b-8c9d-0e1f2a3b4c5d",
  product_id: "trial_7d",
  product_name: "7-day trial",
  status: "active",
  currency: "USD",
  next_charge_amount: 2999,
  next_charge_at: "2026-12-01T10:00:00.000Z",
  access_until: "2026-12-01T10:00:00.000Z",
  paused_until: null,
  discount_percent: null,
  cancelled_at: null,
  period: "month",
  offers: { pause: true, discount_percent: 30 },
};

const report = {
  prompt_code: "career_riasec",
  session_id: "0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
  title: "Your career interests report",
  status: "ready",
  created_at: "2026-11-20T09:00:00.000Z",
  ready_at: "2026-11-20T09:02:00.000Z",
};

const card = (name: string) => screen.getByRole("heading", { level: 2, name }).closest("section")!;

describe("the account's home, a dashboard", () => {
  it("a subscriber mid-plan: today's plan day, the latest report, the subscription in one line, and the next step", async () => {
    // Two plans taken: the first one taken and not finished is today's, at its first day not done.
    const later = planFixture({ ...CALM, taken_at: "2026-11-22T09:00:00.000Z" });
    mockFetch({
      ...dashboard,
      "GET /customer/paid-content": ok({ reports: [], subscriptions: [trial], has_access: true }),
      "GET /customer/latest-reports": ok([report]),
      "GET /customer/edu-plan/list": ok([later, takenCareer([101, 102])]),
    });
    renderRoute("/account", onboarded);
    const next = await screen.findByRole("region", { name: "Your next step" });
    expect(document.title).toBe("Your account · Pathwise");
    expect(within(next).getByText(`Pick up where you left off: day 2 of ${CAREER.name}.`)).toBeTruthy();
    expect(within(next).getByRole("link", { name: "Continue with day 2" }).getAttribute("href")).toBe("/account/plans/career-clarity/2");

    const today = card("Today's plan day");
    expect(within(today).getByRole("link", { name: "Day 2: Day 2 title of career-clarity" }).getAttribute("href")).toBe("/account/plans/career-clarity/2");
    expect(within(today).getByText(CAREER.name)).toBeTruthy();
    expect(within(today).getByText("1 of 3 days done")).toBeTruthy();

    const latest = card("Your latest report");
    expect(within(latest).getByRole("link", { name: "Your career interests report" }).getAttribute("href")).toBe("/account/reports/career_riasec");
    expect(within(latest).getByText("Prepared on 20 November 2026")).toBeTruthy();

    const sub = card("Your subscription");
    expect(within(sub).getByText("7-day trial: active, renews on 1 December 2026.")).toBeTruthy();
    expect(within(sub).getByRole("link", { name: "My plans" }).getAttribute("href")).toBe("/account/profile/my-plans");

    expect(screen.queryByRole("link", { name: "Start the welcome" })).toBeNull();
    expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\{\{|\{number\}|\{plan\}/);
  });

  it("no report and no plan yet: the career test and the plans are offered", async () => {
    mockFetch({
      ...dashboard,
      "GET /customer/paid-content": ok({ reports: [], subscriptions: [trial], has_access: true }),
      "GET /customer/latest-reports": ok([]),
      "GET /customer/edu-plan/list": ok([]),
    });
    renderRoute("/account", onboarded);
    const next = await screen.findByRole("region", { name: "Your next step" });
    expect(within(next).getByRole("link", { name: "Start the career test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    expect(within(card("Your latest report")).getByRole("link", { name: "Take the career test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    expect(within(card("Today's plan day")).getByRole("link", { name: "Browse the plans" }).getAttribute("href")).toBe("/account/plans");
  });

  it("a never-paid account sees what unlocks its content; the welcome comes first while it is not finished", async () => {
    const answers = {
      ...dashboard,
      "GET /customer/paid-content": ok({ reports: [], subscriptions: [], has_access: false }),
      "GET /customer/latest-reports": ok([]),
      "GET /customer/edu-plan/list": ok([]),
    };
    mockFetch(answers);
    const { unmount } = renderRoute("/account", onboarded);
    const next = await screen.findByRole("region", { name: "Your next step" });
    expect(within(next).getByText(/locked on this account/)).toBeTruthy();
    expect(within(next).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/pricing");
    expect(within(card("Your subscription")).getByText("No subscription yet. Education plans, articles and tools come with one.")).toBeTruthy();
    unmount();

    mockFetch(answers);
    renderRoute("/account", { customer: testCustomer });
    const welcome = await screen.findByRole("region", { name: "Your next step" });
    expect(within(welcome).getByRole("link", { name: "Start the welcome" })).toBeTruthy();
    expect(within(welcome).queryByText(/locked/)).toBeNull();
  });

  it("an ended plan says when it ended and leads to the plans on sale", async () => {
    mockFetch({
      ...dashboard,
      "GET /customer/paid-content": ok({
        reports: [],
        subscriptions: [{ ...trial, status: "ended", next_charge_at: null, next_charge_amount: null }],
        has_access: false,
      }),
      "GET /customer/latest-reports": ok([report]),
      "GET /customer/edu-plan/list": ok([]),
    });
    renderRoute("/account", onboarded);
    const next = await screen.findByRole("region", { name: "Your next step" });
    expect(within(next).getByRole("link", { name: "Choose a plan again" }).getAttribute("href")).toBe("/pricing");
    expect(within(card("Your subscription")).getByText("7-day trial: ended on 1 December 2026.")).toBeTruthy();
  });
});

describe("the profile's legal pages", () => {
  it("open inside the account, with its navigation, from the profile", async () => {
    mockFetch({ ...dashboard, ...notFound("GET /customer/billing"), "GET /customer/subscriptions": ok([]) });
    const { router } = renderRoute("/account/profile", onboarded);
    const legal = (await screen.findByRole("heading", { name: "Terms and privacy" })).closest("section")!;
    await userEvent.click(within(legal).getByRole("link", { name: "Privacy policy" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/profile/privacy-policy"));
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Your account" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\{\{/);
  });

  it("the terms of service have their account address too", async () => {
    mockFetch(dashboard);
    renderRoute("/account/profile/terms-of-service", onboarded);
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeTruthy();
  });
});
