import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReportDocument } from "#schemas/report/document.ts";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import type { ReportListItem } from "./reports-api.ts";

const as = { customer: testCustomer };

/** A small report document: the real ReportView renders it. */
const document_: ReportDocument = {
  format: 1,
  prompt_code: "career_riasec",
  flow_code: "career_test_green",
  title: "Your career interests report",
  cover: { first_name: "Robin", subtitle: "Career interests · 3 March 2027", date: "2027-03-03T10:00:00.000Z" },
  summary: "Robin, the kinds of work that hold your interest most are Social, Investigative and Artistic.",
  sections: [
    { id: "profile", title: "Your interest profile", blocks: [{ kind: "paragraph", text: "Six areas of interest, scored from your answers." }] },
    { id: "next", title: "Next steps", blocks: [{ kind: "list", style: "bullets", items: ["Talk to someone who does the work."] }] },
  ],
};

const example: ReportDocument = {
  ...document_,
  cover: { first_name: "Alex", subtitle: "Career interests · An example for an imagined profile", date: "2027-01-01T00:00:00.000Z" },
};

const item = (over: Partial<ReportListItem>): ReportListItem => ({
  prompt_code: "career_riasec",
  session_id: crypto.randomUUID(),
  title: "Your career interests report",
  status: "ready",
  created_at: "2027-03-03T10:00:00.000Z",
  ready_at: "2027-03-03T10:00:20.000Z",
  refunded: false,
  ...over,
});

const rows = () => within(screen.getByRole("list", { name: "Your reports" })).getAllByRole("listitem");
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe("/account/reports", () => {
  it("lists every report newest first with its status in words; only the ready one that opens links to its page", async () => {
    mockFetch({
      "GET /customer/latest-reports": ok([
        item({ prompt_code: "burnout_check", title: null, status: "queued", created_at: "2027-03-05T09:00:00.000Z", ready_at: null }),
        item({ prompt_code: "stress_check", title: null, status: "generating", created_at: "2027-03-04T09:00:00.000Z", ready_at: null }),
        item({ ready_at: "2027-03-03T10:00:20.000Z" }),
        item({ prompt_code: "skills_check", title: "Your skills report", status: "failed", created_at: "2027-02-20T09:00:00.000Z", ready_at: null }),
        item({ title: "Your career interests report", created_at: "2027-01-10T09:00:00.000Z", ready_at: "2027-01-10T09:00:30.000Z" }),
      ]),
    });
    renderRoute("/account/reports", as);
    const heading = await screen.findByRole("heading", { level: 1, name: "Your reports" });
    await screen.findByRole("list", { name: "Your reports" });
    expect(document.title).toBe("Your reports · Pathwise");
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);

    const [queued, generating, ready, failed, older] = rows();
    expect(within(queued!).getByRole("heading", { level: 2 }).textContent).toBe("Your personal report");
    expect(within(queued!).getByRole("status").textContent).toMatch(/^Being prepared/);
    expect(within(queued!).queryByRole("link")).toBeNull();
    expect(queued!.textContent).toContain("Requested on 5\u00a0March\u00a02027");
    expect(within(generating!).getByRole("status").textContent).toMatch(/^Being prepared/);

    expect(within(ready!).getByRole("status").textContent).toBe("Ready");
    expect(within(ready!).getByRole("link", { name: "Your career interests report" }).getAttribute("href")).toBe("/account/reports/career_riasec");
    expect(ready!.textContent).toContain("Prepared on 3\u00a0March\u00a02027");

    const failedStatus = within(failed!).getByRole("status");
    expect(failedStatus.textContent).toMatch(/^Could not be prepared/);
    expect(within(failedStatus).getByRole("link", { name: "support@pathwise.app" }).getAttribute("href")).toBe("mailto:support@pathwise.app");
    expect(within(failed!).queryByRole("link", { name: "Your skills report" })).toBeNull();

    // An older ready report of the same kind: the page opens the newest, so this one does not link.
    expect(within(older!).queryByRole("link", { name: "Your career interests report" })).toBeNull();
    expect(within(older!).getByRole("status").textContent).toContain("Replaced by your newer report");
  });

  it("says what the list holds, bought or included in a plan; a refunded report stays listed, marked refunded, with no link (ADR 052)", async () => {
    mockFetch({
      "GET /customer/latest-reports": ok([
        item({ prompt_code: "income_growth", title: "Your income habits report", refunded: true }),
        item({ title: "Your career interests report", refunded: true, created_at: "2027-03-01T09:00:00.000Z" }),
      ]),
      "GET /customer/reports/income_growth": fail(403, "report_refunded", "The payment for this report was refunded"),
    });
    renderRoute("/account/reports", as);
    await screen.findByRole("list", { name: "Your reports" });
    expect(screen.getByText(/^Every personal report in your account, bought or included in your plan, newest first\./)).toBeTruthy();
    expect(screen.queryByText(/you have bought/)).toBeNull();
    for (const row of rows()) {
      expect(within(row).queryByRole("link")).toBeNull();
      expect(within(row).getByRole("status").textContent).toBe("RefundedIts payment was refunded, so this report is locked again.");
    }
  });

  it("a refunded report's own page says it was refunded, not that it is missing", async () => {
    mockFetch({ "GET /customer/reports/income_growth": fail(403, "report_refunded", "The payment for this report was refunded") });
    renderRoute("/account/reports/income_growth", as);
    expect(await screen.findByRole("heading", { name: "This report was refunded" })).toBeTruthy();
    expect(screen.getByText(/the full report and its PDF are locked again/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Download/ })).toBeNull();
  });

  it("updates itself while a report is being prepared, and announces Ready in the live region", async () => {
    let ready = false;
    const calls = mockFetch({
      "GET /customer/latest-reports": () =>
        ok([ready ? item({}) : item({ status: "generating", title: null, ready_at: null, session_id: "2b1e7f0a-3c4d-4e5f-8a9b-0c1d2e3f4a5b" })]),
    });
    renderRoute("/account/reports", as);
    await waitFor(() => expect(within(rows()[0]!).getByRole("status").textContent).toMatch(/^Being prepared/));
    ready = true;
    await waitFor(() => expect(within(rows()[0]!).getByRole("status").textContent).toBe("Ready"));
    expect(screen.getByRole("link", { name: "Your career interests report" }).getAttribute("href")).toBe("/account/reports/career_riasec");
    expect(calls.filter((c) => c.path === "/customer/latest-reports").length).toBeGreaterThanOrEqual(2);
  });

  it("with no reports: an empty state that leads to the example report and to the career test", async () => {
    mockFetch({ "GET /customer/latest-reports": ok([]) });
    renderRoute("/account/reports", as);
    expect(await screen.findByRole("heading", { level: 2, name: "You have no reports yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See an example report" }).getAttribute("href")).toBe("/account/reports/example_prompt");
    expect(screen.getByRole("link", { name: "Take the career test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    expect(screen.queryByRole("list", { name: /reports/ })).toBeNull();
  });

  it("opened without a login check (?style=2) while logged out: asks to log in and come back", async () => {
    mockFetch({ "GET /customer/latest-reports": fail(401, "unauthorized", "Log in first") });
    renderRoute("/account/reports?style=2");
    const prompt = (await screen.findByText("Log in to see your reports and plans.")).parentElement!;
    const login = within(prompt).getByRole("link", { name: "Log in" });
    expect(login.getAttribute("href")).toBe(`/login?${new URLSearchParams({ next: "/account/reports?style=2" })}`);
  });

  it("is linked from the account's home page", async () => {
    renderRoute("/account", as);
    expect((await screen.findByRole("link", { name: "Open your reports" })).getAttribute("href")).toBe("/account/reports");
  });
});

describe("/account/reports/{prompt_code}", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const language = (value: string) => vi.spyOn(navigator, "language", "get").mockReturnValue(value);

  it("shows the report with its one h1 focused, and the PDF in A4 first outside the US and Canada", async () => {
    language("de-DE");
    mockFetch({ "GET /customer/reports/career_riasec": ok(document_) });
    renderRoute("/account/reports/career_riasec", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "Your career interests report" });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("Your career interests report · Pathwise");
    await frame();
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(screen.getByText("Robin")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download PDF (A4)" }).getAttribute("href")).toBe("/api/customer/reports/career_riasec/pdf?paper=a4");
    expect(screen.getByRole("link", { name: "Download in US Letter size" }).getAttribute("href")).toBe("/api/customer/reports/career_riasec/pdf?paper=letter");
    expect(screen.getByRole("link", { name: /Your reports/ }).getAttribute("href")).toBe("/account/reports");
  });

  it.each(["en-US", "fr-CA"])("offers US Letter first for a browser set to %s", async (lang) => {
    language(lang);
    mockFetch({ "GET /customer/reports/career_riasec": ok(document_) });
    renderRoute("/account/reports/career_riasec", as);
    const main = await screen.findByRole("link", { name: "Download PDF (US Letter)" });
    expect(main.getAttribute("href")).toBe("/api/customer/reports/career_riasec/pdf?paper=letter");
    expect(main.hasAttribute("download")).toBe(true);
    expect(screen.getByRole("link", { name: "Download in A4 size" }).getAttribute("href")).toBe("/api/customer/reports/career_riasec/pdf?paper=a4");
  });

  it("says it is loading while the report is on its way", async () => {
    mockFetch({ "GET /customer/reports/career_riasec": () => new Promise<never>(() => {}) as never });
    renderRoute("/account/reports/career_riasec", as);
    expect((await screen.findByText("Loading your report…")).getAttribute("role")).toBe("status");
    expect(document.title).toBe("Your report · Pathwise");
  });

  it("a report the customer does not have: a friendly not-in-your-account page with the way back to the list", async () => {
    mockFetch({ "GET /customer/reports/career_riasec": fail(404, "not_found", "Report not found"), "GET /customer/latest-reports": ok([]) });
    renderRoute("/account/reports/career_riasec", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "This report is not in your account" });
    expect(document.title).toBe("Report not found · Pathwise");
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(screen.getByRole("link", { name: "See your reports" }).getAttribute("href")).toBe("/account/reports");
    expect(screen.queryByRole("link", { name: /Download PDF/ })).toBeNull();
  });

  it("a report still being prepared: says so, and opens it once it is ready", async () => {
    let ready = false;
    mockFetch({
      "GET /customer/reports/career_riasec": () => (ready ? ok(document_) : fail(404, "not_found")),
      "GET /customer/latest-reports": () => ok([ready ? item({}) : item({ status: "queued", title: null, ready_at: null })]),
    });
    renderRoute("/account/reports/career_riasec", as);
    expect(await screen.findByRole("heading", { level: 1, name: "Your report is being prepared" })).toBeTruthy();
    ready = true;
    expect(await screen.findByRole("heading", { level: 1, name: "Your career interests report" })).toBeTruthy();
  });

  it("a report that could not be prepared points to support", async () => {
    mockFetch({
      "GET /customer/reports/career_riasec": fail(404, "not_found"),
      "GET /customer/latest-reports": ok([item({ status: "failed", title: null, ready_at: null })]),
    });
    renderRoute("/account/reports/career_riasec", as);
    expect(await screen.findByRole("heading", { level: 1, name: "Your report could not be prepared" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "support@pathwise.app" }).getAttribute("href")).toBe("mailto:support@pathwise.app");
  });
});

describe("/account/reports/example_prompt", () => {
  it("shows the career example under a banner that says so and leads to the test, with the example's PDF", async () => {
    const calls = mockFetch({ "GET /prompts/career_riasec/example": ok(example) });
    renderRoute("/account/reports/example_prompt", as);
    const h1 = await screen.findByRole("heading", { level: 1, name: "Your career interests report" });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(document.title).toBe("Example: Your career interests report · Pathwise");

    const banner = screen.getByRole("complementary", { name: "About this example" });
    expect(banner.textContent).toBe("This is an example for an imagined profile. Take the test to get your own.");
    expect(within(banner).getByRole("link", { name: "Take the test" }).getAttribute("href")).toBe("/quiz/career_test_green");
    // The banner comes before the report.
    expect(banner.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const pdf = new URL(screen.getByRole("link", { name: /^Download PDF/ }).getAttribute("href")!, "http://localhost");
    expect(pdf.pathname).toBe("/api/prompts/career_riasec/default");
    expect(pdf.searchParams.get("paper")).toMatch(/^(a4|letter)$/);
    expect(Number(pdf.searchParams.get("ts"))).toBeGreaterThan(0);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /prompts/career_riasec/example"]);
  });

  it("is an account page: a logged-out visitor is sent to log in first", async () => {
    const { router } = renderRoute("/account/reports/example_prompt");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ next: "/account/reports/example_prompt" })}`);
  });
});
