import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { loadFlow } from "virtual:flows";
import { describe, expect, it } from "vitest";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { careerReport } from "#web/shared/report/fixtures/documents.ts";
import { mockFetch, ok, type Call } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

const staff = { ...testCustomer, is_staff: true };
const CAREER = "career_test_green";
const career: CompiledFlow = await loadFlow(CAREER);

/** Calls a preview must never make: anything of the quiz, or the client log. */
const quizOrLog = (calls: Call[]) => calls.filter((c) => c.path.startsWith("/quiz") || c.path === "/log");

describe("the step preview", () => {
  it("shows a step as visitors see it, with every step of the flow in the picker by title, and sends nothing", async () => {
    const calls = mockFetch({});
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
    const calls = mockFetch({ "POST /admin/reports/career_riasec/preview": ok(careerReport) });
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
    const calls = mockFetch({ "POST /admin/reports/career_riasec/preview": ok(careerReport) });
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
    mockFetch({});
    renderRoute(path, { customer: staff });
    await screen.findByRole("heading", { level: 1, name: heading });
    expect(screen.getByRole("link", { name: link }).getAttribute("href")).toBe(href);
  });

  it("is for staff: a customer reads that the area is for the team", async () => {
    mockFetch({});
    renderRoute(`/admin/preview/${CAREER}/intro`, { customer: testCustomer });
    await screen.findByRole("heading", { level: 1, name: "This area is for the Pathwise team" });
  });
});
