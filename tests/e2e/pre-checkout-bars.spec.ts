import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readFlows } from "#server/flows/read-flows.ts";
import type { ReportClaim } from "#schemas/report/document.ts";
import { appStarted, walkCareerTest, walkFunnel } from "./funnel-steps.ts";
import { screens } from "./screens.ts";

type Bars = { label: string; bars: string[]; top: number };

/**
 * Every state of the pre-checkout's score bars since the page loaded, in order, each different from
 * the one before: the label over them, the scales' names and how many are drawn as the top. Installed
 * before the app's scripts run, so the first state drawn is the first recorded.
 */
const RECORD_BARS = `(() => {
  window.__bars = [];
  const state = () => {
    const list = document.querySelector(".teaser ol.scale-bars");
    if (!list) return null;
    return JSON.stringify({
      label: list.closest(".teaser").querySelector(".teaser__label")?.textContent ?? "",
      bars: [...list.querySelectorAll(".scale-bars__name")].map((n) => n.textContent),
      top: list.querySelectorAll("li[data-top]").length,
    });
  };
  new MutationObserver(() => {
    if (!location.pathname.endsWith("/pre-checkout")) return;
    const now = state();
    // Nothing before the bars are first drawn; after that, every change (their going away too).
    if (window.__bars.length === 0 && now === null) return;
    if (window.__bars.at(-1) !== now) window.__bars.push(now);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

const recorded = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __bars: (string | null)[] }).__bars ?? []).map((s) => (s === null ? null : (JSON.parse(s) as Bars))));

const FLOWS = await readFlows(join(process.cwd(), "flows"), /^career\.yaml$/);
if (!FLOWS.ok) throw new Error("career.yaml does not load");
const CAREER = FLOWS.flows[0]!;
const NAMES = new Map((CAREER.scoring?.scales ?? []).map((s) => [s.id, typeof s.name === "string" ? s.name : s.name.code]));

/** What the report's own claims say the pre-checkout shows (ADR 036): a flat profile every area, under words saying so; else the top. */
async function claimedBars(page: Page): Promise<{ label: string | null; names: string[] }> {
  const sessionId = await page.evaluate(() => (JSON.parse(localStorage.getItem("funnel:career_test_green") ?? "{}") as { sessionId?: string }).sessionId);
  expect(sessionId, "the run is saved").toBeTruthy();
  const res = await page.request.get(`/api/quiz/sessions/${sessionId}/report`);
  expect(res.status()).toBe(200);
  const claims = ((await res.json()) as { data: { document: { claims?: ReportClaim[] } } }).data.document.claims ?? [];
  if (claims.some((c) => c.kind === "flat")) return { label: "Your areas are level: none of them stands out", names: [...NAMES.values()] };
  const top = claims.find((c) => c.kind === "top" && c.at === "pre_checkout");
  expect(top, "a profile that is not flat has a top").toBeDefined();
  return { label: null, names: top!.scales.map((id) => NAMES.get(id)!) };
}

/**
 * The bars, once the page shows the report's claims and its plans, were drawn once: their first state
 * is the one the report's claims call for, and it never changed.
 */
async function drawnOnce(page: Page, title: string) {
  const claimed = await claimedBars(page);
  const expected = { label: claimed.label ?? title, names: [...claimed.names].sort(), top: claimed.label ? 0 : claimed.names.length };
  const last = async () => {
    const states = await recorded(page);
    const at = states.at(-1);
    return at ? { label: at.label, names: [...at.bars].sort(), top: at.top } : null;
  };
  // The page settles on what the report says (the plans drawn too, the last thing to come).
  await expect.poll(last).toEqual(expected);
  await expect(page.getByRole("radiogroup", { name: "Choose your plan" })).toBeVisible();
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
  const states = await recorded(page);
  expect(states, "the bars were drawn once and never changed").toHaveLength(1);
  expect(await last()).toEqual(expected);
  // Each bar keeps its text equivalent.
  for (const name of claimed.names) await expect(page.locator(".teaser").getByRole("img", { name: new RegExp(`^${name}: \\d+ percent$`) })).toBeVisible();
}

/** Walked to the pre-checkout, then the page loaded again there: both times the bars are drawn once, as the report's claims say. */
async function checkBothLoads(page: Page, name: string) {
  const title = "Your strongest interest areas";
  await drawnOnce(page, title);
  await screens(page, "pre-checkout-bars", name, {
    widths: [
      [375, 812],
      [1440, 900],
    ],
  });
  await page.reload();
  await appStarted(page);
  await expect(page).toHaveURL(/\/pre-checkout$/);
  await drawnOnce(page, title);
}

test.describe("the pre-checkout's score bars are drawn once, as the report's claims say (ADR 036)", () => {
  test("a flat profile (every answer the same): all six areas at once, said to be level, never three first", async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript(RECORD_BARS);
    // Every activity "Like": all six areas at 75%.
    await walkCareerTest(page, { email: `bars-flat-${Date.now()}@example.org`, firstName: "Robin" });
    await checkBothLoads(page, "flat");
  });

  test("a profile with a clear top, where two areas are level: the four of its top at once, never three first", async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript(RECORD_BARS);
    // Realistic 100%, Investigative 75%, Artistic 55% and Social 50% (level with each other, both
    // third), Enterprising and Conventional 0%: the top is four areas.
    const answer = new Map<string, string>();
    for (const scale of CAREER.scoring?.scales ?? [])
      for (const [index, item] of scale.items.entries()) {
        const step = CAREER.steps.find((s) => s.id === (typeof item === "string" ? item : item.step))!;
        const label =
          { realistic: "Strongly like", investigative: "Like", artistic: index === 0 ? "Like" : "Unsure", social: "Unsure" }[scale.id] ?? "Strongly dislike";
        if (typeof step.title !== "string") throw new Error("the career test writes its texts inline");
        answer.set(step.title, label);
      }
    await walkFunnel(page, {
      start: "/quiz/career_test_green",
      until: "/pre-checkout",
      email: `bars-top-${Date.now()}@example.org`,
      firstName: "Sam",
      choose: (title) => answer.get(title),
    });
    await checkBothLoads(page, "top");
  });
});
