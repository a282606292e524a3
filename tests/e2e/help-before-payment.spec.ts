import { expect, test } from "@playwright/test";
import { walkFunnel } from "./funnel-steps.ts";
import { screens } from "./screens.ts";

/**
 * Help is never for sale (ADR 030), walked in Chromium as a visitor: at the GAD-7's top band the
 * report's help section is readable in the free result, whole and without a lock, and the
 * pre-checkout's list of what the payment buys does not name it; below 10 the free result has no
 * help section at all (neither open nor locked).
 */
const HELP = "When and where to get help";
const WIDTHS = [
  [375, 812],
  [1440, 900],
] as const;

test("anxiety at the top band: the help section is open before payment and absent from the pre-checkout list", async ({ page }) => {
  test.setTimeout(180_000);
  const email = `help-open-${Date.now()}@example.org`;
  // Every GAD-7 item at its highest answer (the other questions take their first option).
  await walkFunnel(page, { start: "/anxiety", until: "/anxiety/summary", email, firstName: "Ari", choose: () => "Nearly every day" });
  const main = page.locator("main");
  await expect(main).toContainText("Your GAD-7 score is 21 out of 21: severe.");

  const help = page.getByRole("region", { name: HELP });
  await expect(help).toBeVisible();
  await expect(help.getByRole("heading", { name: "If you are in crisis" })).toBeVisible();
  await expect(help).toContainText("call or text 988");
  await expect(help).toContainText("Samaritans answer on 116 123");
  await expect(help).toContainText("Talk to a doctor or a mental health professional if your score is 10 or more");
  await expect(help).toContainText("Anxiety often responds well to treatment.");
  await expect(help.locator(".report-lock")).toHaveCount(0);
  await expect(help.getByText("Unlocked with your report")).toHaveCount(0);
  // The crisis lines are said once, in the help section, not again beside the level.
  await expect(main.getByRole("heading", { name: "If you are in crisis" })).toHaveCount(1);
  // The paid sections are still locked.
  await expect(page.getByRole("region", { name: "Your next steps" }).getByText("Unlocked with your report")).toBeVisible();
  await screens(page, "help-before-payment", "anxiety-severe-summary", { widths: WIDTHS });

  await walkFunnel(page, { start: page.url(), until: "/anxiety/pre-checkout", email, firstName: "Ari" });
  const promises = page.getByRole("list").filter({ hasText: "Which of the seven symptoms, if any, bothered you on more than half the days" });
  await expect(promises.getByRole("listitem")).toHaveCount(5);
  for (const item of await promises.getByRole("listitem").allTextContents()) expect(item).not.toMatch(/help|crisis/i);
  await expect(page.getByText(/crisis lines/i)).toHaveCount(0);
  await screens(page, "help-before-payment", "anxiety-severe-pre-checkout", { widths: WIDTHS });
});

test("anxiety below 10: the free result has no help section, neither open nor locked", async ({ page }) => {
  test.setTimeout(90_000);
  await walkFunnel(page, {
    start: "/anxiety",
    until: "/anxiety/summary",
    email: `help-mild-${Date.now()}@example.org`,
    firstName: "Ari",
    choose: () => "Several days",
  });
  await expect(page.locator("main")).toContainText("Your GAD-7 score is 7 out of 21: mild.");
  await expect(page.getByRole("region", { name: "Your next steps" })).toBeVisible();
  await expect(page.getByRole("region", { name: HELP })).toHaveCount(0);
});
