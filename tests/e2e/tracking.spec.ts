import { expect, test } from "@playwright/test";
import { appStarted } from "./funnel-steps.ts";

test("landing with UTM parameters, quiz_title and fbclid stores them in local storage", async ({ page }) => {
  await page.goto(
    "/?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring&utm_term=career&utm_content=video_a&utm_id=77&quiz_title=Career%20test&fbclid=IwAR0abc&ref=x",
  );
  await appStarted(page);
  const stored = await page.evaluate(() => ({ utm: localStorage.getItem("utmParams"), fbclid: localStorage.getItem("fbclid") }));
  expect(JSON.parse(stored.utm!)).toEqual({
    utm_source: "facebook",
    utm_medium: "paid_social",
    utm_campaign: "spring",
    utm_term: "career",
    utm_content: "video_a",
    utm_id: "77",
    quiz_title: "Career test",
  });
  expect(stored.fbclid).toBe("IwAR0abc");

  // A later page without them keeps what was stored.
  await page.getByRole("link", { name: "Log in" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("utmParams")))!)).toMatchObject({ utm_source: "facebook" });
});

test("a visitor landing on a funnel from an ad starts the quiz with the ad's UTM parameters and fbclid", async ({ page }) => {
  const started = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/quiz/sessions");
  await page.goto("/anxiety?utm_source=newsletter&utm_campaign=autumn&fbclid=fb-landing-1");
  const body = (await started).postDataJSON() as { attribution?: { utm?: Record<string, string>; fbclid?: string } };
  expect(body.attribution).toEqual({ utm: { utm_source: "newsletter", utm_campaign: "autumn" }, fbclid: "fb-landing-1" });
});
