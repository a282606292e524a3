import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { loadFlow } from "virtual:flows";
import { describe, expect, it } from "vitest";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { careerReport } from "#web/shared/report/fixtures/documents.ts";
import type { ProductView } from "#web/shared/money/money.ts";
import { mockFetch, notFound, ok, type Call } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

const staff = { ...testCustomer, is_staff: true };
const CAREER = "career_test_green";
const career: CompiledFlow = await loadFlow(CAREER);
const STRESS = "stress_level";
const stress: CompiledFlow = await loadFlow(STRESS);

/** The live version of a flow as the server answers it (GET /quiz/flows/:code, ADR 066): the build's unless a test publishes another. */
const served = (flow: CompiledFlow = career) => ({ [`GET /quiz/flows/${flow.code}`]: ok(flow) });

/** Calls a preview must never make: anything of the quiz but reading the flow, or the client log. */
const quizOrLog = (calls: Call[]) =>
  calls.filter((c) => (c.path.startsWith("/quiz") && !(c.method === "GET" && c.path.startsWith("/quiz/flows/"))) || c.path === "/log");

const plan = (id: string, name: string, over: Partial<ProductView> = {}): ProductView => ({
  id,
  name,
  summary: `${name} of everything.`,
  includes: ["Your full personal report, saved in your account and as a PDF"],
  badge: null,
  most_popular: false,
  preselected: false,
  trial_days: 0,
  period: "month",
  currency: "USD",
  first_amount: 2999,
  renewal_amount: 2999,
  ...over,
});
/** Every plan on sale, in the catalogue's order, as the products call answers without a session. */
const catalogue = [
  plan("trial_7d", "7-day trial", { trial_days: 7, first_amount: 199 }),
  plan("month_1", "1 month"),
  plan("quarter_3", "3 months", { period: "quarter", first_amount: 4999, renewal_amount: 4999 }),
];

describe("the step preview", () => {
  it("shows a step as visitors see it, with every step of the flow in the picker by title, and sends nothing", async () => {
    const calls = mockFetch(served());
    renderRoute(`/admin/preview/${CAREER}/intro`, { customer: staff });
    await screen.findByRole("heading", { level: 1, name: "Discover the kinds of work you would enjoy" });
    expect(screen.getByRole("note", { name: "Preview" }).textContent).toContain("Preview — nothing is recorded");
    // The browser tab says it is a preview, not the funnel's page.
    await waitFor(() => expect(document.title).toBe("Preview: Discover the kinds of work you would enjoy · Career interests test · Pathwise"));

    const picker = screen.getByRole("combobox", { name: "Step" });
    const options = within(picker).getAllByRole("option");
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(career.steps.map((s) => s.id));
    expect(options[0]!.textContent).toBe("1. Discover the kinds of work you would enjoy (info)");
    expect(screen.getByText("/quiz/career_test_green")).toBeTruthy();

    fireEvent.click(within(screen.getByRole("main")).getByRole("button", { name: "Start the test" }));
    await screen.findByText(/in a preview the answer goes nowhere/);
    expect(quizOrLog(calls)).toEqual([]);

    // The next step starts with nothing said about it.
    fireEvent.click(screen.getByRole("link", { name: "Next step" }));
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Step" }).value).toBe(career.steps[1]!.id));
    expect(screen.queryByText(/in a preview the answer goes nowhere/)).toBeNull();
  });

  it("shows the result page in the variant chosen, with its layout and path, and the template's example report", async () => {
    const calls = mockFetch({ ...served(), "POST /admin/reports/career_riasec/preview": ok(careerReport) });
    renderRoute(`/admin/preview/${CAREER}/result?variant=result_page:c`, { customer: staff });
    await screen.findByRole("tablist");
    expect(screen.getByText("/get-result-c")).toBeTruthy();
    expect(screen.getByText("Variant c changes its layout (tabs) and its path (/get-result-c) of this step.")).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Experiment result_page" }).value).toBe("c");
    expect(calls.find((c) => c.path === "/admin/reports/career_riasec/preview")?.body).toEqual({ layout: "full" });

    // A link in the report (its PDF) is not followed.
    fireEvent.click(screen.getAllByRole("link", { name: /Download/ })[0]!);
    await screen.findByText("Links inside a preview are not followed.");
    expect(quizOrLog(calls)).toEqual([]);
  });

  it("asks for the teaser on the summary step", async () => {
    const calls = mockFetch({ ...served(), "POST /admin/reports/career_riasec/preview": ok(careerReport) });
    renderRoute(`/admin/preview/${CAREER}/summary`, { customer: staff });
    await screen.findByRole("heading", { level: 1, name: "Your interest profile" });
    await waitFor(() => expect(calls.find((c) => c.path === "/admin/reports/career_riasec/preview")?.body).toEqual({ layout: "teaser" }));
  });

  it.each([
    ["/admin/preview/no_such_flow/intro", "There is no such flow", "Back to the funnels", "/admin/funnels"],
    [
      `/admin/preview/${CAREER}/no_such_step`,
      "This flow has no such step",
      "Open its first step, “Discover the kinds of work you would enjoy”",
      `/admin/preview/${CAREER}/intro`,
    ],
    [
      `/admin/preview/${CAREER}/result?variant=result_page:zz`,
      "There is no such variant",
      "Show this step in each experiment’s first variant",
      `/admin/preview/${CAREER}/result`,
    ],
    [`/admin/preview/${CAREER}/result?variant=colour`, "There is no such variant", "Back to the funnels", "/admin/funnels"],
  ])("%s says what is missing, with links back", async (path, heading, link, href) => {
    mockFetch(served());
    renderRoute(path, { customer: staff });
    await screen.findByRole("heading", { level: 1, name: heading });
    expect(screen.getByRole("link", { name: link }).getAttribute("href")).toBe(href);
  });

  it("shows the live version of the flow, as the funnel loads it, so a published change shows without a rebuild", async () => {
    const published = {
      ...career,
      hash: "published",
      steps: career.steps.map((s) => (s.id === "intro" ? { ...s, title: "Find the work that holds your interest" } : s)),
    };
    const calls = mockFetch(served(published));
    renderRoute(`/admin/preview/${CAREER}/intro`, { customer: staff });
    await screen.findByRole("heading", { level: 1, name: "Find the work that holds your interest" });
    expect(screen.getByRole("combobox", { name: "Step" }).textContent).toContain("1. Find the work that holds your interest (info)");
    expect(calls.filter((c) => c.path.startsWith("/quiz/flows/")).map((c) => `${c.method} ${c.path}`)).toEqual([`GET /quiz/flows/${CAREER}`]);
  });

  it.each([
    ["trial_first", ["7-day trial", "1 month", "3 months"], "7-day trial"],
    ["quarter_first", ["3 months", "1 month", "7-day trial"], "3 months"],
  ])("shows the pre-checkout with the offer of variant offer_order:%s: its plans, in its order, its plan chosen", async (variant, order, chosen) => {
    // The report preview beside the step is not looked at here.
    mockFetch({ ...served(stress), "GET /payment/products/paypro": ok(catalogue), ...notFound("POST /admin/reports/stress_level/preview") });
    renderRoute(`/admin/preview/${STRESS}/pre_checkout?variant=offer_order:${variant}`, { customer: staff });
    const group = await screen.findByRole("radiogroup", { name: "Choose your plan" });
    const radios = within(group).getAllByRole<HTMLInputElement>("radio");
    expect(radios.map((r) => document.getElementById(r.getAttribute("aria-labelledby")!)?.textContent)).toEqual(order);
    expect(radios.filter((r) => r.checked).map((r) => document.getElementById(r.getAttribute("aria-labelledby")!)?.textContent)).toEqual([chosen]);
  });

  it("is for staff: a customer reads that the area is for the team", async () => {
    mockFetch({});
    renderRoute(`/admin/preview/${CAREER}/intro`, { customer: testCustomer });
    await screen.findByRole("heading", { level: 1, name: "This area is for the Pathwise team" });
  });
});
