import { expect, test } from "@playwright/test";
import { api, newAccount, newSubscriber } from "./account-setup.ts";
import { screens } from "./screens.ts";

/**
 * The library in the account, in Chromium against the real server: a subscriber narrows the list to
 * one category, opens an article from its card and reads it; an account that never paid sees the
 * article's title and what it is about, locked, with the one way to unlock it — never a 404.
 */
type Listed = { id: number; name: string; summary: string; cat: { code: string; name: string } };

test("a subscriber picks a category, opens an article from its card and reads it", async ({ page }) => {
  test.setTimeout(90_000);
  await newSubscriber(page, `library-${Date.now()}@example.org`);
  const articles = (await api(page, "GET", "/api/article/list")).body.data as Listed[];
  const article = articles.find((a) => a.cat.code === "stress")!;
  const inCategory = articles.filter((a) => a.cat.code === article.cat.code).length;

  await page.goto("/account");
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Library", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Library" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(`All ${articles.length} articles`);
  await screens(page, "library", "list");

  await page
    .getByRole("group", { name: "Category" })
    .getByRole("button", { name: new RegExp(`^${article.cat.name} `) })
    .click();
  await expect(page).toHaveURL(new RegExp(`cat=${article.cat.code}`));
  await expect(page.getByRole("status")).toHaveText(`${inCategory} ${inCategory === 1 ? "article" : "articles"} in ${article.cat.name}`);
  await expect(page.getByRole("list", { name: "Articles" }).getByRole("listitem")).toHaveCount(inCategory);

  await page.getByRole("link", { name: article.name }).click();
  await expect(page).toHaveURL(`/account/library/${article.id}`);
  await expect(page.getByRole("heading", { level: 1, name: article.name })).toBeVisible();
  await expect(page).toHaveTitle(`${article.name} · Pathwise`);
  // The body is the article itself: several headed sections of real text, not the summary alone.
  const body = page.locator(".library-article__text");
  await expect(body.getByRole("heading", { level: 2 }).first()).toBeVisible();
  expect((await body.innerText()).length).toBeGreaterThan(1500);
  await screens(page, "library", "article");

  // Back leads to the same category.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`cat=${article.cat.code}`));
});

test("an account that never paid sees an article locked, with what it is about and how to unlock it", async ({ page }) => {
  test.setTimeout(60_000);
  await newAccount(page, `library-locked-${Date.now()}@example.org`);
  const articles = (await api(page, "GET", "/api/article/list")).body.data as Listed[];
  const article = articles[0]!;

  const response = await page.goto(`/account/library/${article.id}`);
  expect(response?.status()).toBe(200);
  // The page loads the article after it is drawn ("Loading the article…"): on a busy machine, past 5 s.
  await expect(page.getByRole("heading", { level: 1, name: article.name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Unlock this article" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/pricing");
  await screens(page, "library", "locked");
});
