import { expect, test } from "@playwright/test";
import { screens } from "./screens.ts";

/**
 * The home page's cards and /pricing's list come from the flows' `card:` blocks (ADR 038): every
 * card has a picture that loads (never a broken image) with words for screen readers, says how
 * long it takes, and opens its flow.
 */
test("every card on the home page shows its picture, its minutes, and opens its funnel", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Choose an assessment" });
  const cards = section.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText("Start here");
  await expect(cards.first().getByRole("link")).toHaveText("Career Interest Test");

  const pictures = section.getByRole("img");
  await expect(pictures).toHaveCount(10);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    // Loaded and drawn: a missing file would leave naturalWidth at 0.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await picture.getAttribute("alt"))!.length).toBeGreaterThan(10);
  }
  await expect(section.getByText(/^about \d+ minutes?$/)).toHaveCount(10);
  await expect(section.getByText("about 2 minutes")).toHaveCount(1); // the anxiety check

  await section.getByRole("link", { name: "Burnout Check" }).click();
  await expect(page).toHaveURL(/\/burnout$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("How worn out are you");
});

test("the cards and the pricing page's assessments read well at 375 and 1440 px", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("region", { name: "Choose an assessment" }).scrollIntoViewIfNeeded();
  await screens(page, "home-cards", "home", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });
  await page.goto("/pricing");
  const list = page.getByRole("list", { name: "The assessments" });
  await expect(list.getByRole("link")).toHaveCount(10);
  await expect(list.getByRole("link", { name: "Anxiety Self-Check" })).toHaveAttribute("href", "/anxiety");
  await screens(page, "home-cards", "pricing", {
    widths: [
      [1440, 900],
      [375, 812],
    ],
  });
});

test("every card title, the featured one's too, has one font and one size at 1440 and 375 px", async ({ page }) => {
  await page.goto("/");
  const titles = page.getByRole("region", { name: "Choose an assessment" }).getByRole("heading", { level: 3 }).getByRole("link");
  await expect(titles).toHaveCount(10);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const looks = await titles.evaluateAll((links) =>
      links.map((link) => {
        const style = getComputedStyle(link);
        return `${style.fontFamily} ${style.fontSize} ${style.fontWeight}`;
      }),
    );
    expect(new Set(looks).size, `at ${width} px: ${looks.join(" | ")}`).toBe(1);
  }
});
