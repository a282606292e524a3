import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { readFlows } from "#server/flows/read-flows.ts";
import { payTrialInSandbox, walkCareerTest, walkFunnel } from "./funnel-steps.ts";
import { screens } from "./screens.ts";
import { pinVariants } from "./variants.ts";

/**
 * The claims rule in the browser (ADR 036): what the result pages say about the scores follows the
 * scores, before and after payment. Screens at 375 and 1440 px in test-results/screens/report-claims/.
 */
const WIDTHS = [
  [375, 812],
  [1440, 900],
] as const;

test("career with every answer the same: no code and no strongest area, the flat note and a retake link, before and after payment", async ({ page }) => {
  test.setTimeout(240_000);
  // The result page in its default layout: in the card layouts the note is a card to turn over (the
  // cards of a flat profile are known by their areas' names, findings.test.ts).
  await pinVariants(page, { result_page: "a" });
  const email = `flat-${Date.now()}@example.org`;
  // Every activity "Like": all six areas at 75%.
  await walkCareerTest(page, { email, firstName: "Robin", until: "/summary" });
  const main = page.locator("main");
  await expect(main).toContainText("Your answers rate all six interest areas about the same");
  await expect(main.getByRole("heading", { name: "Your interests are level" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Take the test again" })).toHaveAttribute("href", "/quiz/career_test_green?again=1");
  await expect(main).not.toContainText(/strongest interest area is|your top area|interest code is/i);
  await screens(page, "report-claims", "career-flat-summary", { widths: WIDTHS });

  await walkFunnel(page, { start: page.url(), until: "/pre-checkout", email, firstName: "Robin" });
  await expect(page.getByText("Your areas are level: none of them stands out")).toBeVisible();
  await expect(page.getByText("Your strongest interest areas")).toHaveCount(0);
  await screens(page, "report-claims", "career-flat-pre-checkout", { widths: WIDTHS });

  await payTrialInSandbox(page);
  await page.getByRole("link", { name: "See your result" }).click();
  // The result page's layout is an experiment's variant (get-result, get-result-bingo, …); each shows the same document.
  await expect(page).toHaveURL(/\/get-result/);
  await expect(main.getByText("Your interests are level").first()).toBeVisible({ timeout: 30_000 });
  await expect(main).toContainText("your answers rate all six interest areas about the same");
  await expect(main.getByRole("link", { name: /Take the test again/ }).first()).toHaveAttribute("href", "/quiz/career_test_green?again=1");
  await expect(main).not.toContainText(/strongest interest area is|your code is|hold your interest most|one of your strongest areas/i);
  await screens(page, "report-claims", "career-flat-report", { widths: WIDTHS });
});

test("emotional style with one scale at the bottom: that scale is named as the most marked", async ({ page }) => {
  test.setTimeout(120_000);
  const flows = await readFlows(join(process.cwd(), "flows"), /^emotional_intelligence\.yaml$/);
  if (!flows.ok) throw new Error("emotional_intelligence.yaml does not load");
  const flow = flows.flows[0]!;
  // Negative expressivity at 1 of 5 (every statement keyed to its bottom), the three others at 3 (the middle answer).
  const key = new Map<string, string>();
  for (const scale of flow.scoring?.scales ?? [])
    for (const item of scale.items) {
      const { step, reverse } = typeof item === "string" ? { step: item, reverse: false } : item;
      const s = flow.steps.find((x) => x.id === step)!;
      if (s.kind !== "likert") continue;
      const answers = [...flow.answerSets[s.answers]!].sort((a, b) => a.value - b.value);
      const pick = scale.id !== "negative" ? answers[Math.floor(answers.length / 2)]! : reverse ? answers.at(-1)! : answers[0]!;
      if (typeof s.title !== "string" || typeof pick.label !== "string") throw new Error("this funnel writes its texts inline");
      key.set(s.title, pick.label);
    }
  const start = flow.paths.start;
  await walkFunnel(page, { start, until: `${start}/summary`, email: `marked-${Date.now()}@example.org`, firstName: "Sam", choose: (title) => key.get(title) });
  const main = page.locator("main");
  await expect(main).toContainText("The most marked part of your emotional style is negative expressivity: 1 out of 5, low");
  await expect(main.locator(".report-top__name")).toHaveText("Negative expressivity");
  await screens(page, "report-claims", "emotional-style-bottom-summary", { widths: WIDTHS });
});
