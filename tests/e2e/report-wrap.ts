import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { logInFromReceipt } from "./account-setup.ts";
import { screens } from "./screens.ts";

/**
 * The ten reports at 375 px in every layout they are shown in (issue 19): the funnel's teaser and
 * result page (each of the career flow's result_page variants, and `?style=2`), and the account's
 * report page. In each, every word of a heading, scale name or label is measured where the browser
 * laid it out: a word whose characters sit on two lines was broken inside ("Dire/ctive"), and the
 * test names it, where it was and which page. Breaks after a hyphen or dash are line breaks between
 * words and allowed; running text and links (long URLs in sources) are not checked.
 *
 * The career walk is paid once; its other layouts are the same paid session with the visitor's saved
 * variant changed in this browser (the server's recorded assignment stays as it was); it has its own
 * spec file, report-wrap-career. The nine other reports are checked inside the walks that already buy
 * them end to end, so each topic funnel is walked once: topic-funnels (seven topics), anxiety-funnel
 * and burnout-funnel (their severe walks) call checkTeaser at the summary step, checkResultPage on the
 * paid result page, then checkReadingAndAccount for `?style=2` and the account's report page (the
 * first buyer logs in with the receipt's login link). So the check runs on
 * each walk's own answers (chosen extremes), each report bought with the sandbox trial, where it once
 * took the default answers with one subscriber's plan. topic-funnels asserts that these walks cover
 * every flow but career. Screenshots: test-results/screens/report-wrap/.
 */
export const PHONE = [375, 812] as const;
export const FOLDER = "report-wrap";

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
export async function checkPage(page: Page, where: string, shot: string, problems: string[]) {
  await checkWords(page, where, problems);
  await screens(page, FOLDER, shot, { widths: [PHONE] });
}

/** The flows as the server loads them. */
export async function flows(): Promise<CompiledFlow[]> {
  const read = await readFlows(join(process.cwd(), "flows"));
  if (!read.ok) throw new Error("the flows do not load");
  return read.flows;
}

export const pathOf = (flow: CompiledFlow, kind: string) => flow.steps.find((s) => s.kind === kind)!.path;

/** Waits for the paid report on a funnel's result page. */
export async function reportReady(page: Page) {
  await expect(page.getByText(/Prepared for/).first()).toBeVisible({ timeout: 60_000 });
}

/**
 * Makes this browser's saved progress in the flow a visitor of `variant` of the result_page experiment,
 * as if the app had assigned it, so the next page load shows the same paid session in that layout.
 */
export async function switchResultVariant(page: Page, flowCode: string, variant: string) {
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
export async function checkLayout(page: Page, layout: string, where: string, problems: string[]) {
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

/** At a funnel's summary step: the teaser at 375 px, checked and photographed; the viewport is put back as the test had it. */
export async function checkTeaser(page: Page, flow: CompiledFlow, problems: string[]) {
  const viewport = page.viewportSize();
  await checkLayout(page, "teaser", `${flow.report}, teaser at ${pathOf(flow, "summary")}`, problems);
  await screens(page, FOLDER, `${flow.code}-teaser`, { widths: [PHONE] });
  if (viewport) await page.setViewportSize(viewport);
}

/** On the paid result page (after reportReady): its "full" layout at 375 px, checked and photographed; the viewport is put back as the test had it. */
export async function checkResultPage(page: Page, flow: CompiledFlow, problems: string[]) {
  const viewport = page.viewportSize();
  const result = pathOf(flow, "result");
  await expect(page).toHaveURL(new RegExp(`${result}$`));
  await checkLayout(page, "full", `${flow.report}, result page ${result}`, problems);
  await screens(page, FOLDER, `${flow.code}-document`, { widths: [PHONE] });
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * After the paid result page: `?style=2` (reading) and the account's report page at 375 px, each checked
 * and photographed; ends on the account page with the viewport the test had. The account page needs the
 * buyer's inbox proved: the first buyer logs in with the receipt's login link first (ADR 051).
 */
export async function checkReadingAndAccount(page: Page, flow: CompiledFlow, email: string, problems: string[]) {
  const viewport = page.viewportSize();
  const result = pathOf(flow, "result");
  await page.goto(`${result}?style=2`);
  await checkLayout(page, "reading", `${flow.report}, ?style=2 (reading)`, problems);
  await screens(page, FOLDER, `${flow.code}-reading`, { widths: [PHONE] });

  await logInFromReceipt(page, email);
  await page.goto(`/account/reports/${flow.report}`);
  await expect(page.locator("main [data-layout=full]")).toBeVisible({ timeout: 30_000 });
  await checkPage(page, `${flow.report}, account report page`, `${flow.code}-account`, problems);
  if (viewport) await page.setViewportSize(viewport);
}
