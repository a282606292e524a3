import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReportTemplateSummary } from "#schemas/api/admin-previews.ts";
import { careerReport } from "#web/shared/report/fixtures/documents.ts";
import { fail, mockFetch, ok, type Call } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

const staff = { ...testCustomer, is_staff: true };

const template: ReportTemplateSummary = {
  code: "career_riasec",
  title: "Your career interests report",
  subtitle: "Career interests",
  flowCode: "career_test_green",
  scales: [
    { id: "realistic", name: "Realistic", example: 30 },
    { id: "social", name: "Social", example: 90 },
  ],
};

const previews = (calls: Call[]) => calls.filter((c) => c.path === "/admin/reports/career_riasec/preview").map((c) => c.body);

describe("the report template preview", () => {
  it("shows the example report, then the report for the scores chosen, each scale's input named after it", async () => {
    const calls = mockFetch({
      "GET /admin/reports/career_riasec": ok(template),
      "POST /admin/reports/career_riasec/preview": (call) =>
        ok({ ...careerReport, summary: (call.body as { positions?: object }).positions ? "Chosen scores' summary" : "Example summary" }),
    });
    renderRoute("/admin/reports/career_riasec", { customer: staff });
    await screen.findByRole("heading", { level: 1, name: "Report template: Your career interests report" });
    await screen.findByText("Example summary");
    expect(screen.getByRole("note", { name: "Preview" }).textContent).toMatch(/Preview — nothing is recorded.*example profile/);
    expect(previews(calls)).toEqual([{ layout: "full" }]);
    expect(screen.getByRole("button", { name: "Back to the example profile" }).hasAttribute("disabled")).toBe(true);

    const social = screen.getByRole("spinbutton", { name: "Social" });
    expect(screen.getByRole<HTMLInputElement>("slider", { name: "Social" }).value).toBe("90");
    fireEvent.change(social, { target: { value: "250" } });
    await screen.findByText("Chosen scores' summary");
    // Out of range is held at the top of the range; the other scales keep their example positions.
    expect(previews(calls).at(-1)).toEqual({ layout: "full", positions: { realistic: 30, social: 100 } });
    expect(screen.getByRole("note", { name: "Preview" }).textContent).toContain("The report for the scores you chose");

    fireEvent.click(screen.getByRole("radio", { name: "The teaser before payment" }));
    await waitFor(() => expect(previews(calls).at(-1)).toEqual({ layout: "teaser", positions: { realistic: 30, social: 100 } }));

    fireEvent.click(screen.getByRole("button", { name: "Back to the example profile" }));
    expect((social as HTMLInputElement).value).toBe("90");
  });

  it("says an unknown template is not there, and lists those that are", async () => {
    mockFetch({ "GET /admin/reports/nope": fail(404, "not_found"), "GET /admin/reports": ok([template]) });
    renderRoute("/admin/reports/nope", { customer: staff });
    await screen.findByRole("heading", { level: 1, name: "There is no such report template" });
    expect((await screen.findByRole("link", { name: "Your career interests report (career_riasec)" })).getAttribute("href")).toBe(
      "/admin/reports/career_riasec",
    );
    expect(screen.getByRole("link", { name: "Back to the funnels" }).getAttribute("href")).toBe("/admin/funnels");
  });

  it("says when the report could not be built", async () => {
    mockFetch({ "GET /admin/reports/career_riasec": ok(template), "POST /admin/reports/career_riasec/preview": fail(500, "internal", "Something broke") });
    renderRoute("/admin/reports/career_riasec", { customer: staff });
    await screen.findByText("The report could not be built: Something broke");
  });
});
