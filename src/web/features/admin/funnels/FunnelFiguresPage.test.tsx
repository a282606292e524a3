import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { focusManager } from "@tanstack/react-query";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockFetch, notFound, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { flowFixture, groupedReportFixture, reportFixture, sourceReportFixture } from "./admin-fixtures.ts";

const staff = { ...testCustomer, is_staff: true };
const REPORT = "GET /admin/funnels/career_test_green/report";
const FOLLOW_UPS = "GET /admin/funnels/career_test_green/follow-ups";

/** The query strings of the report calls made so far, in order. */
function reportQueries(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input, "http://localhost"))
    .filter((url) => url.pathname === "/api/admin/funnels/career_test_green/report")
    .map((url) => url.searchParams);
}

function openPage(query = "", report = reportFixture) {
  mockFetch({
    "GET /admin/funnels": ok([flowFixture]),
    [REPORT]: () => ok(reportQueries().at(-1)?.get("by") ? groupedReportFixture : report),
    // As the server answers for a flow that declares no follow-ups.
    [FOLLOW_UPS]: ok([]),
  });
  return renderRoute(`/admin/funnels/career_test_green${query}`, { customer: staff });
}

describe("a funnel's figures (/admin/funnels/:flowCode)", () => {
  it("shows the headline figures, the steps by title, the groups and the daily trend it is given", async () => {
    openPage("?from=2026-10-28&to=2026-11-26");
    await screen.findByRole("heading", { level: 1, name: "Career test" });
    await screen.findByRole("heading", { level: 2, name: "Headline figures" });
    const headline = screen.getByLabelText("Headline figures");
    const figure = (label: string) => within(headline).getByText(label).closest("div")!.querySelector("dd")!.textContent;
    expect(figure("Visitors")).toBe("1,234");
    expect(figure("Gave an e-mail")).toMatch(/^617\s*50\.0% of visitors$/);
    expect(figure("Paid")).toMatch(/^41/);
    expect(figure("Payment declined")).toBe("6");
    // Refused checkouts with the checkout's reasons, so a funnel that cannot take money shows at once.
    expect(figure("Checkout refused")).toMatch(/^3\s*quiz not complete 2, too many attempts 1$/);
    expect(figure("Revenue, first charges")).toBe("US$1,229.59");
    expect(figure("Revenue per visitor")).toBe("US$1.00");

    const steps = screen.getByRole("region", { name: "Steps, in the flow’s order" });
    const checkout = within(steps)
      .getByRole("rowheader", { name: /Choose your plan/ })
      .closest("tr")!;
    expect([...checkout.querySelectorAll("td")].map((td) => td.firstChild?.textContent)).toEqual(["300", "41", "250", "6", "3", "1 min 35 s"]);
    expect(checkout.querySelectorAll("td")[4]!.querySelector(".admin-table__sub")?.textContent).toBe("quiz not complete 2, too many attempts 1");
    expect(steps.getAttribute("tabindex")).toBe("0");

    const groups = screen.getByRole("region", { name: "Everyone" });
    const everyone = within(groups).getByRole("rowheader", { name: "everyone" }).closest("tr")!;
    expect(everyone.textContent).toContain("US$59.98"); // refunds
    expect(everyone.textContent).toContain("US$209.93"); // renewals

    expect(screen.getByRole("img", { name: "Visitors, e-mails and payments per day" })).toBeTruthy();
    const trend = screen.getByRole("table", { name: "Per day (UTC), runs that started that day" });
    expect(
      within(trend)
        .getByRole("rowheader", { name: /^26\sNov$/ })
        .closest("tr")!.textContent,
    ).toContain("US$89.97");

    const csv = screen.getByRole("link", { name: "Download these figures as CSV" }).getAttribute("href")!;
    const url = new URL(csv, "http://localhost");
    expect(url.pathname).toBe("/api/admin/funnels/career_test_green/report");
    expect(Object.fromEntries(url.searchParams)).toEqual({ since: "2026-10-28T00:00:00.000Z", until: "2026-11-27T00:00:00.000Z", format: "csv" });
  });

  it("grouped by UTM source, sets each currency's spend beside what it bought, and says where there is none", async () => {
    mockFetch({ "GET /admin/funnels": ok([flowFixture]), [REPORT]: ok(sourceReportFixture), [FOLLOW_UPS]: ok([]) });
    renderRoute("/admin/funnels/career_test_green?from=2026-11-25&to=2026-11-26&by=utm_source", { customer: staff });
    const table = await screen.findByRole("region", { name: "Ad spend by utm_source" });
    const rows = within(table)
      .getAllByRole("rowheader")
      .map((th) => [...th.closest("tr")!.querySelectorAll("td")].map((td) => td.firstChild?.textContent));
    expect(rows).toEqual([["€120.00", "€0.40", "€6.00", "€0.00", "0.00×"], ["US$500.00", "US$1.67", "US$25.00", "US$599.80", "1.20×"], ["no spend imported"]]);
    // Spend on one of the window's two days is said to be partial.
    expect(within(table).getByText("€120.00").closest("td")!.textContent).toContain("1 of 2 days");
    expect(within(screen.getByLabelText("Group by")).getByRole("option", { name: "Click id (fbclid / ttclid)" })).toBeTruthy();
  });

  it("shows each follow-up e-mail with what came of it, under the figures (ADR 060)", async () => {
    const followUps = [
      { id: "an_hour_later", after: "1h", subject: "Your career interest profile is saved", scheduled: 4, sent: 40, cancelled: 6, clicked: 10, bought: 2 },
      { id: "a_day_later", after: "1d", subject: "The occupations that match your interests", scheduled: 9, sent: 30, cancelled: 11, clicked: 3, bought: 0 },
    ];
    mockFetch({ "GET /admin/funnels": ok([flowFixture]), [REPORT]: () => ok(reportFixture), [FOLLOW_UPS]: ok(followUps) });
    renderRoute("/admin/funnels/career_test_green", { customer: staff });
    const table = await screen.findByRole("region", { name: "Follow-up e-mails, in the order they go out" });
    const first = within(table)
      .getByRole("rowheader", { name: /Your career interest profile is saved/ })
      .closest("tr")!;
    expect([...first.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["4", "40", "6", "10 25.0%", "2 5.0%"]);
    expect(within(table).getByRole("rowheader", { name: /a_day_later · after 1d/ })).toBeTruthy();
  });

  it("shows no follow-up table for a flow without follow-ups", async () => {
    openPage();
    await screen.findByRole("heading", { level: 2, name: "Headline figures" });
    expect(screen.queryByRole("heading", { name: "Follow-up e-mails" })).toBeNull();
  });

  it("asks for the last 30 days by default and keeps the choice in the URL", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T15:00:00Z") });
    try {
      openPage();
      await screen.findByRole("heading", { level: 1, name: "Career test" });
      await waitFor(() => expect(reportQueries()).toHaveLength(1));
      expect(reportQueries()[0]!.get("since")).toBe("2026-10-28T00:00:00.000Z");
      expect(reportQueries()[0]!.get("until")).toBe("2026-11-27T00:00:00.000Z");
      expect(reportQueries()[0]!.get("by")).toBeNull();
      expect(screen.getByLabelText<HTMLInputElement>("From (UTC)").value).toBe("2026-10-28");
      expect(screen.getByLabelText<HTMLInputElement>("To, inclusive").value).toBe("2026-11-26");
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks again when the grouping or the range changes, and names the control in the tests", async () => {
    const { router } = openPage("?from=2026-10-28&to=2026-11-26");
    await screen.findByRole("region", { name: "Everyone" });

    await userEvent.selectOptions(screen.getByLabelText("Group by"), "Variant of intro_copy");
    await waitFor(() => expect(reportQueries().at(-1)?.get("by")).toBe("variant:intro_copy"));
    expect(new URLSearchParams(router.state.location.search).get("by")).toBe("variant:intro_copy");
    const tests = await screen.findByRole("region", { name: "Significance tests against the control, a" });
    const b = within(tests).getByRole("rowheader", { name: /^b/ }).closest("tr")!;
    const cells = [...b.querySelectorAll("td")].map((td) => td.textContent);
    expect(cells[0]).toMatch(/\+5\.0 points.*p = 0\.512/);
    expect(cells[1]).toMatch(/p < 0\.001/);
    expect(cells[2]).toMatch(/too few/);
    // A daily look at these p-values lies (ADR 064): the page says so and points to the verdict.
    expect(screen.getByText(/fixed-sample tests: a p-value holds only when read once.*Decide on the experiment’s verdict/s)).toBeTruthy();

    const from = screen.getByLabelText("From (UTC)");
    fireEvent.change(from, { target: { value: "2026-11-01" } });
    await waitFor(() => expect(reportQueries().at(-1)?.get("since")).toBe("2026-11-01T00:00:00.000Z"));
    expect(reportQueries().at(-1)?.get("by")).toBe("variant:intro_copy");
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe("2026-11-01");
  });

  it("cuts by a second dimension and filters to a segment, keeping both in the URL (ADR 065)", async () => {
    const { router } = openPage("?from=2026-10-28&to=2026-11-26");
    await screen.findByRole("region", { name: "Everyone" });
    // A second split means nothing without a first.
    expect(screen.getByLabelText<HTMLSelectElement>("Then by").disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText("Group by"), "Variant of intro_copy");
    await userEvent.selectOptions(screen.getByLabelText("Then by"), "UTM source");
    await waitFor(() => expect(reportQueries().at(-1)?.get("then_by")).toBe("utm_source"));
    expect(reportQueries().at(-1)?.get("by")).toBe("variant:intro_copy");
    // The first split is not offered again as the second.
    expect(within(screen.getByLabelText("Then by")).queryByRole("option", { name: "Variant of intro_copy" })).toBeNull();

    const asked = reportQueries().length;
    await userEvent.selectOptions(screen.getByLabelText("Segment field"), "UTM campaign");
    await userEvent.type(screen.getByLabelText("is"), "spring-sale");
    // Typing asks for nothing; applying does.
    expect(reportQueries()).toHaveLength(asked);
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(reportQueries().at(-1)?.get("segment")).toBe("utm_campaign:spring-sale"));
    const url = new URLSearchParams(router.state.location.search);
    expect([url.get("by"), url.get("then_by"), url.get("segment")]).toEqual(["variant:intro_copy", "utm_source", "utm_campaign:spring-sale"]);
    const csv = new URL(screen.getByRole("link", { name: "Download these figures as CSV" }).getAttribute("href")!, "http://localhost");
    expect(csv.searchParams.get("then_by")).toBe("utm_source");
    expect(csv.searchParams.get("segment")).toBe("utm_campaign:spring-sale");
  });

  it("asks again when the staff member presses Refresh", async () => {
    openPage("?from=2026-10-28&to=2026-11-26");
    await screen.findByRole("region", { name: "Everyone" });
    const before = reportQueries().length;
    await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(reportQueries().length).toBe(before + 1));
    await screen.findByRole("button", { name: "Refresh" });
  });

  it("asks again when the window gets focus back, so the figures are never stale", async () => {
    openPage("?from=2026-10-28&to=2026-11-26");
    await screen.findByRole("region", { name: "Everyone" });
    const before = reportQueries().length;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(reportQueries().length).toBe(before + 1));
    focusManager.setFocused(undefined);
  });

  it("plans an experiment: asks the planner with the rates typed and the chosen range, and says the visitors and days", async () => {
    mockFetch({
      "GET /admin/funnels": ok([flowFixture]),
      [REPORT]: ok(reportFixture),
      [FOLLOW_UPS]: ok([]),
      "GET /admin/funnels/career_test_green/plan": ok({ visitorsPerVariant: 60_754, fixedVisitorsPerVariant: 31_231, dailyVisitors: 41.1, days: 2957 }),
    });
    renderRoute("/admin/funnels/career_test_green?from=2026-10-28&to=2026-11-26", { customer: staff });
    const planner = await screen.findByRole("region", { name: "Plan an experiment" });
    const lift = within(planner).getByLabelText("Smallest lift worth finding (%)");
    await userEvent.clear(lift);
    await userEvent.type(lift, "20");
    await userEvent.click(within(planner).getByRole("button", { name: "Plan" }));
    expect((await within(planner).findByRole("status")).textContent).toBe(
      "Each variant needs 60,754 visitors (a test read once would need 31,231, but only if nobody looks before the end). At this range’s 41 visitors a day: about 2,957 days.",
    );
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input, "http://localhost"))
      .find((url) => url.pathname.endsWith("/plan"))!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ baseline: "0.05", lift: "0.2", variants: "2", since: "2026-10-28T00:00:00.000Z" });
  });

  it("says so when there is no such flow", async () => {
    mockFetch({
      "GET /admin/funnels": ok([flowFixture]),
      ...notFound("GET /admin/funnels/no_such_flow/report", "GET /admin/funnels/no_such_flow/follow-ups"),
    });
    renderRoute("/admin/funnels/no_such_flow", { customer: staff });
    expect((await screen.findByRole("alert")).textContent).toMatch(/no flow with the code “no_such_flow”/);
  });
});
