import { expect, test, type Page } from "@playwright/test";
import { api } from "./account-setup.ts";
import { PHONE_AND_DESKTOP, photo, screens } from "./screens.ts";
import { newStaff } from "./staff-setup.ts";

/**
 * Previews in the growth console: a staff member opens a step of the career funnel in one variant
 * of its result-page experiment and in another, answers a question, and nothing reaches the quiz
 * API; then previews the career report template with scores of their own.
 */

const FLOW = "career_test_green";

/** Every run of the flow the console counts, over all its versions. */
async function runsOf(page: Page, code: string): Promise<number> {
  const res = await api(page, "GET", "/api/admin/funnels");
  expect(res.status).toBe(200);
  const flows = (res.body as unknown as { data: { code: string; versions: { runs: number }[] }[] }).data;
  return flows.find((f) => f.code === code)!.versions.reduce((sum, v) => sum + v.runs, 0);
}

/**
 * Requests a preview must never make, collected from now on: anything of the quiz but reading the
 * live flow (as the funnel reads it, ADR 066) or the client log, and any call that could change
 * something (all but the GETs and the report preview, which builds and stores nothing).
 */
function watchRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/api/")) return;
    const readsFlow = request.method() === "GET" && pathname.startsWith("/api/quiz/flows/");
    const quizOrLog = (pathname.startsWith("/api/quiz") && !readsFlow) || pathname.startsWith("/api/log");
    const changes = request.method() !== "GET" && !/^\/api\/admin\/reports\/[a-z0-9_-]+\/preview$/.test(pathname);
    if (quizOrLog || changes) sent.push(`${request.method()} ${pathname}`);
  });
  return sent;
}

test("a step preview shows each variant's layout and path, and sends nothing to the quiz", async ({ page }) => {
  // A staff member is made by the real tool (a process of its own), then many screens: more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  await newStaff(page, `previewer-${Date.now()}@example.org`);
  const runsBefore = await runsOf(page, FLOW);
  const sent = watchRequests(page);

  await page.goto(`/admin/preview/${FLOW}/result?variant=result_page:a`);
  await expect(page.getByText("Preview — nothing is recorded")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, here is your report" })).toBeVisible();
  const facts = page.locator(".step-preview__facts");
  await expect(facts).toContainText("/get-result");
  await expect(page.getByText("Variant a shows this step as declared.")).toBeVisible();
  // Variant a: the report as a document, the example profile's report in it.
  await expect(page.locator("[data-layout=document]")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn all over" })).toHaveCount(0);
  await expect(page).toHaveTitle("Preview: Thank you, here is your report · Career interests test · Pathwise");
  await page.setViewportSize({ width: 375, height: 812 });
  await photo(page, ".tmp/shots/preview-result-a-top-375.png");
  await screens(page, "console", "preview-result-a", { widths: PHONE_AND_DESKTOP });

  // Another variant: the result page moves and shows the report as cards face down.
  await page.getByLabel("Experiment result_page").selectOption("bingo-v2");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/variant=result_page%3Abingo-v2$/);
  await expect(facts).toContainText("/get-result-bingo-v2");
  await expect(page.getByText("Variant bingo-v2 changes its layout (bingo-v2) and its path (/get-result-bingo-v2) of this step.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn all over" })).toBeVisible();
  await expect(page.locator("[data-layout=document]")).toHaveCount(0);
  await screens(page, "console", "preview-result-bingo-v2", { widths: PHONE_AND_DESKTOP });

  // Links inside the step go nowhere: the PDF download stays a preview.
  await page.getByRole("button", { name: "Turn all over" }).click();
  await expect(page.getByRole("button", { expanded: false })).toHaveCount(0);
  await page.getByRole("link", { name: /Download PDF/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Links inside a preview are not followed." })).toBeVisible();

  // A question by its title from the step picker; answering it goes nowhere.
  const stepPicker = page.getByLabel("Step", { exact: true });
  const question = await stepPicker.locator("option", { hasText: "Which best describes you right now?" }).textContent();
  expect(question).toMatch(/^\d+\. Which best describes you right now\? \(single choice\)$/);
  await stepPicker.selectOption({ label: question! });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/preview/${FLOW}/situation\\?variant=result_page%3Abingo-v2$`));
  await expect(page.getByRole("heading", { level: 1, name: "Which best describes you right now?" })).toBeVisible();
  await page.getByRole("radiogroup").getByRole("radio").first().click();
  await expect(page.getByRole("status").filter({ hasText: "in a preview the answer goes nowhere" })).toBeVisible();
  await screens(page, "console", "preview-question", { widths: PHONE_AND_DESKTOP });

  // An unknown variant is said in words, with the way back.
  await page.goto(`/admin/preview/${FLOW}/result?variant=result_page:zz`);
  await expect(page.getByRole("heading", { name: "There is no such variant" })).toBeVisible();
  await expect(page.getByText("Experiment “result_page” has no variant “zz”.", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Show this step in each experiment’s first variant" }).click();
  await expect(page.locator(".step-preview__facts")).toContainText("/get-result");

  expect(sent, "requests that could record something while previewing").toEqual([]);
  expect(await runsOf(page, FLOW)).toBe(runsBefore);

  // The pre-checkout in an offer experiment's variant shows that variant's offer (ADR 065): 3 months first, chosen.
  await page.goto("/admin/preview/stress_level/pre_checkout?variant=offer_order:quarter_first");
  const plans = page.getByRole("radiogroup", { name: "Choose your plan" }).getByRole("radio");
  await expect(plans).toHaveCount(3);
  await expect(plans.first()).toHaveAccessibleName("3 months");
  await expect(plans.first()).toBeChecked();
});

test("every step of the career funnel previews without an error, and pressing its button sends nothing", async ({ page }) => {
  // A staff member is made by the real tool (a process of its own), then many screens: more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  await newStaff(page, `walker-${Date.now()}@example.org`);
  const sent = watchRequests(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  await page.goto(`/admin/preview/${FLOW}/intro`);
  // The console's page is loaded lazily: its step list is read once it is on screen.
  const options = page.getByLabel("Step", { exact: true }).locator("option");
  await expect.poll(() => options.count()).toBeGreaterThan(30);
  const steps = await options.allTextContents();
  for (const [index, label] of steps.entries()) {
    await expect(page.getByLabel("Step", { exact: true }).locator("option:checked")).toHaveText(label);
    await expect(page.locator("main h1")).toBeVisible();
    const submit = page.locator("main button[type=submit]:enabled").first();
    if ((await submit.count()) > 0 && (await submit.isVisible())) await submit.click();
    if (index < steps.length - 1) await page.getByRole("link", { name: "Next step" }).click();
  }
  expect(errors, "errors in the page").toEqual([]);
  expect(sent, "requests that could record something while previewing").toEqual([]);
});

test("a report template preview follows the scores the staff member chooses", async ({ page }) => {
  // A staff member is made by the real tool (a process of its own), then many screens: more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  await newStaff(page, `templates-${Date.now()}@example.org`);
  await page.goto("/admin/reports/career_riasec");
  await expect(page.getByRole("heading", { level: 1, name: "Report template: Your career interests report" })).toBeVisible();
  await expect(page.getByText("Preview — nothing is recorded")).toBeVisible();
  const summary = page.locator(".report").first();
  // The example profile: Social is its top area.
  await expect(summary).toContainText("The kind of work that holds your interest most is Social");
  await expect(page.getByText("Example report for an imagined profile", { exact: false })).toBeVisible();
  await screens(page, "console", "preview-report-example", { widths: PHONE_AND_DESKTOP });

  await page.getByRole("spinbutton", { name: "Social" }).fill("10");
  await page.getByRole("spinbutton", { name: "Conventional" }).fill("100");
  await expect(summary).toContainText("The kind of work that holds your interest most is Conventional");
  // On a phone the report is below the scores, one link away.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("link", { name: "See the report" }).click();
  await expect.poll(() => page.locator("#preview-report").evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(100);
  await photo(page, ".tmp/shots/preview-report-jump-375.png");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText("Preview for chosen scores · Career interests")).toBeVisible();
  await expect(page.getByText("The report for the scores you chose", { exact: false })).toBeVisible();

  await page.getByRole("radio", { name: "The teaser before payment" }).check();
  await expect(page.locator("[data-layout=teaser]")).toBeVisible();
  await expect(page.locator("[data-layout=teaser]")).toContainText("Your strongest interest area is Conventional");
  await screens(page, "console", "preview-report-chosen-teaser", { widths: PHONE_AND_DESKTOP });

  await page.getByRole("button", { name: "Back to the example profile" }).click();
  await expect(page.getByRole("spinbutton", { name: "Social" })).toHaveValue("90");

  // An unknown template: said in words, with the templates that exist.
  await page.goto("/admin/reports/no_such_report");
  await expect(page.getByRole("heading", { name: "There is no such report template" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Your career interests report (career_riasec)" })).toBeVisible();
});
