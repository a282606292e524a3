import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { CompiledFlow } from "../../src/engine/flow/types.ts";
import { readFlows } from "../../src/server/flows/read-flows.ts";
import { newSubscriber } from "./account-setup.ts";
import { payTrialInSandbox, walkCareerTest, walkFunnel } from "./funnel-steps.ts";
import { screens } from "./screens.ts";
import { pinVariants } from "./variants.ts";

/**
 * The ten reports at 375 px in every layout they are shown in (issue 19): the funnel's teaser and
 * result page (each of the career flow's result_page variants, and `?style=2`), and the account's
 * report page. In each, every word of a heading, scale name or label is measured where the browser
 * laid it out: a word whose characters sit on two lines was broken inside ("Dire/ctive"), and the
 * test names it, where it was and which page. Breaks after a hyphen or dash are line breaks between
 * words and allowed; running text and links (long URLs in sources) are not checked.
 *
 * The career walk is paid once; its other layouts are the same paid session with the visitor's saved
 * variant changed in this browser (the server's recorded assignment stays as it was). The nine other
 * reports come with one subscriber's plan ("Included in your plan"), one walk each.
 * Screenshots: test-results/screens/report-wrap/.
 */
const PHONE = [375, 812] as const;
const FOLDER = "report-wrap";

/** What counts as a heading, a scale name or a label, in the funnel's and the account's pages. */
const CHECKED = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "summary",
  "button",
  "[role=tab]",
  "[role=status]",
  ".report-scale-name",
  ".report-band",
  ".report-chart__label",
  ".report-chart__value",
  ".report-code__item",
  ".report-top__others",
  ".report-toc__link",
  "[class*=__title]",
  "[class*=__name]",
  "[class*=__label]",
  "[class*=__kicker]",
  "[class*=__eyebrow]",
  "[class*=__number]",
].join(",");

/**
 * Every word (text between spaces, hyphens, dashes and slashes) of the checked elements in `main`
 * whose characters do not all sit on one line, as `"Dire/ctive" in h3.report-detail__name` (a slash
 * where the line breaks). Measured with Range.getClientRects(), so it is what the reader sees.
 */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const main = document.querySelector("main") ?? document.body;
    const seen = new Set<Text>();
    const found: string[] = [];
    const range = document.createRange();
    const tops = (node: Text, start: number, end: number) => {
      range.setStart(node, start);
      range.setEnd(node, end);
      return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    };
    const clipped = (el: Element) => {
      for (let e: Element | null = el; e && e !== main; e = e.parentElement) {
        if (getComputedStyle(e).display === "contents") continue;
        const box = e.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
      }
      return false;
    };
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join("")}`;
    for (const el of main.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (seen.has(node)) continue;
        seen.add(node);
        const parent = node.parentElement;
        // Text for screen readers only is drawn in a 1 px box: not something anyone reads.
        if (!parent || clipped(parent)) continue;
        for (const match of node.data.matchAll(/[^\s\-‐‑–—/]+/g)) {
          const start = match.index;
          const end = start + match[0].length;
          const rects = tops(node, start, end);
          if (rects.length < 2) continue;
          const lowest = Math.min(...rects.map((r) => r.height));
          if (Math.max(...rects.map((r) => r.top)) - Math.min(...rects.map((r) => r.top)) < lowest / 2) continue;
          // Where it breaks: a slash before each character that starts a new line.
          let shown = "";
          let lastTop: number | null = null;
          for (let i = start; i < end; i++) {
            const top: number | null = tops(node, i, i + 1)[0]?.top ?? lastTop;
            if (lastTop !== null && top !== null && Math.abs(top - lastTop) >= lowest / 2) shown += "/";
            shown += node.data[i];
            lastTop = top;
          }
          found.push(`"${shown}" in ${describe(parent)}`);
        }
      }
    }
    return found;
  }, CHECKED);
}

/** Checks the page as it is now at 375 px; adds what is broken, named by `where`, to `problems`. */
async function checkWords(page: Page, where: string, problems: string[]) {
  await page.setViewportSize({ width: PHONE[0], height: PHONE[1] });
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))));
  for (const word of await brokenWords(page)) problems.push(`${where}: ${word}`);
}

/** Checks the page at 375 px and photographs it (which also fails on a page that scrolls sideways). */
async function checkPage(page: Page, where: string, shot: string, problems: string[]) {
  await checkWords(page, where, problems);
  await screens(page, FOLDER, shot, { widths: [PHONE] });
}

/** The flows as the server loads them. */
async function flows(): Promise<CompiledFlow[]> {
  const read = await readFlows(join(process.cwd(), "flows"));
  if (!read.ok) throw new Error("the flows do not load");
  return read.flows;
}

const pathOf = (flow: CompiledFlow, kind: string) => flow.steps.find((s) => s.kind === kind)!.path;

/** Waits for the paid report on a funnel's result page. */
async function reportReady(page: Page) {
  await expect(page.getByText(/Prepared for/).first()).toBeVisible({ timeout: 60_000 });
}

/**
 * Makes this browser's saved progress in the flow a visitor of `variant` of the result_page experiment,
 * as if the app had assigned it, so the next page load shows the same paid session in that layout.
 */
async function switchResultVariant(page: Page, flowCode: string, variant: string) {
  await page.evaluate(
    ([key, v]) => {
      const saved = JSON.parse(localStorage.getItem(key)!) as { snapshot: { context: { variants: Record<string, string> } } };
      saved.snapshot.context.variants.result_page = v;
      localStorage.setItem(key, JSON.stringify(saved));
    },
    [`funnel:${flowCode}`, variant] as const,
  );
}

/** Shows every part of a layout that hides some (closed panels, other tabs, other steps, face-down cards), checking each. */
async function checkLayout(page: Page, layout: string, where: string, problems: string[]) {
  const report = page.locator(`[data-layout="${layout}"]`);
  await expect(report).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize({ width: PHONE[0], height: PHONE[1] });
  if (layout === "accordion") await page.getByRole("button", { name: "Open all" }).click();
  if (layout === "bingo-v2") await page.getByRole("button", { name: "Turn all over" }).click();
  if (layout === "tabs" || layout === "guided") {
    const tabs = layout === "tabs" ? report.getByRole("tablist").getByRole("tab") : report.locator(".report-guided__step");
    const count = await tabs.count();
    expect(count, `${where}: its sections`).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      await checkWords(page, `${where}, section ${i + 1}`, problems);
    }
    return;
  }
  await checkWords(page, where, problems);
}

test("the career report wraps between words at 375 px in every result layout, the early teaser, ?style=2 and the account", async ({ page }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  const career = (await flows()).find((f) => f.file.endsWith("career.yaml"))!;
  const experiment = career.experiments.find((e) => e.id === "result_page")!;
  await pinVariants(page, { result_page: "a" });
  // Answers that vary by question, so the profile has a shape and the report matches professions.
  const answers = ["Strongly like", "Like", "Unsure", "Dislike", "Strongly like", "Strongly dislike", "Like"];
  await walkCareerTest(page, {
    email: `wrap-career-${Date.now()}@example.org`,
    firstName: "Ines",
    likert: (i) => answers[(i * 5 + Math.floor(i / 6)) % answers.length]!,
  });
  await payTrialInSandbox(page);
  await page.getByRole("link", { name: "See your result" }).click();
  await expect(page).toHaveURL(/\/get-result$/, { timeout: 15_000 });
  await reportReady(page);

  for (const variant of experiment.variants) {
    const path = variant.paths?.result ?? variant.paths?.summary ?? pathOf(career, "result");
    const layout = variant.layouts?.result ?? variant.layouts?.summary ?? "document";
    const where = `career_riasec, result_page ${variant.id} (${layout}) at ${path}`;
    await switchResultVariant(page, career.code, variant.id);
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await checkLayout(page, layout === "document" ? "full" : layout, where, problems);
    await screens(page, FOLDER, `career-${variant.id}-${layout}`, { widths: [PHONE] });
  }

  await switchResultVariant(page, career.code, "a");
  await page.goto(`${pathOf(career, "result")}?style=2`);
  await checkLayout(page, "reading", "career_riasec, ?style=2 (reading)", problems);
  await screens(page, FOLDER, "career-reading", { widths: [PHONE] });

  await page.goto(`/account/reports/${career.report}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your career interests report", { timeout: 30_000 });
  await checkPage(page, "career_riasec, account report page", "career-account", problems);
  await page.goto("/account/reports/example_prompt");
  await expect(page.getByRole("complementary", { name: "About this example" })).toBeVisible({ timeout: 30_000 });
  await checkPage(page, "career example report, account", "career-example-account", problems);

  expect(problems, "words broken inside at 375 px").toEqual([]);
});

test("the nine other reports wrap between words at 375 px in the teaser, the result page, ?style=2 and the account", async ({ page }) => {
  test.setTimeout(420_000);
  const problems: string[] = [];
  const email = `wrap-topics-${Date.now()}@example.org`;
  await newSubscriber(page, email);
  const topics = (await flows()).filter((f) => !f.file.endsWith("career.yaml"));
  expect(topics).toHaveLength(9);
  for (const flow of topics) {
    const summary = pathOf(flow, "summary");
    const result = pathOf(flow, "result");
    await walkFunnel(page, { start: flow.paths.start, until: summary, email, firstName: "Robin" });
    await checkLayout(page, "teaser", `${flow.report}, teaser at ${summary}`, problems);
    await screens(page, FOLDER, `${flow.code}-teaser`, { widths: [PHONE] });

    await walkFunnel(page, { start: page.url(), until: pathOf(flow, "pre_checkout"), email, firstName: "Robin" });
    await page.getByRole("button", { name: "Get my report" }).click();
    await expect(page).toHaveURL(new RegExp(`${result}$`), { timeout: 20_000 });
    await reportReady(page);
    await checkLayout(page, "full", `${flow.report}, result page ${result}`, problems);
    await screens(page, FOLDER, `${flow.code}-document`, { widths: [PHONE] });

    await page.goto(`${result}?style=2`);
    await checkLayout(page, "reading", `${flow.report}, ?style=2 (reading)`, problems);
    await screens(page, FOLDER, `${flow.code}-reading`, { widths: [PHONE] });

    await page.goto(`/account/reports/${flow.report}`);
    await expect(page.locator("main [data-layout=full]")).toBeVisible({ timeout: 30_000 });
    await checkPage(page, `${flow.report}, account report page`, `${flow.code}-account`, problems);
  }
  expect(problems, "words broken inside at 375 px").toEqual([]);
});
