import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { CONSENT_COOKIE } from "#schemas/consent/consent.ts";
import { newAccount } from "./account-setup.ts";
import { E2E_PORT, E2E_SUFFIX } from "./e2e-dirs.ts";

/**
 * The privacy choice as a new visitor meets it (ADR 055). The suite's other tests start with a
 * choice made (playwright.config.ts); these start without one.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const banner = (page: Page) => page.getByRole("region", { name: "Your privacy choices" });
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);

/** Opens a page, keeping console errors and the layout shift it had, until the app has taken it over. */
async function open(page: Page, path: string) {
  const problems: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
  page.on("pageerror", (e) => problems.push(e.message));
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(path);
  await page.waitForFunction(() => document.querySelector("#root")?.getAttribute("data-hydrated") === "true");
  return { problems, shift: () => page.evaluate(() => (window as unknown as { shift: number }).shift) };
}

test.describe("a first visit", () => {
  // A build, a login by e-mail and several pages each: three times the default budget on a busy machine.
  test.slow();

  test("the banner comes in the server's HTML of /burnout, hydrates as it is, and moves nothing when it goes", async ({ page, request, context }) => {
    const first = await (await request.get("/burnout")).text();
    expect(first).toContain("Your privacy choices");
    expect(first).toMatch(/<button[^>]*>Accept all<\/button>/);
    expect(first).toMatch(/<button[^>]*>Decline all<\/button>/);
    const chosen = await (await request.get("/burnout", { headers: { cookie: `${CONSENT_COOKIE}=1.0.0.1780000000` } })).text();
    expect(chosen).not.toContain("Your privacy choices");

    const { problems, shift } = await open(page, "/burnout");
    await expect(banner(page)).toBeVisible();
    const accept = await banner(page).getByRole("button", { name: "Accept all" }).boundingBox();
    const decline = await banner(page).getByRole("button", { name: "Decline all" }).boundingBox();
    expect([decline?.width, decline?.height]).toEqual([accept?.width, accept?.height]);
    // Non-modal: the page keeps its focus, and the keyboard reaches the banner first.
    await page.keyboard.press("Tab");
    await expect(banner(page).locator(":focus")).toHaveCount(1);

    const heading = await page.locator("h1").first().boundingBox();
    await banner(page).getByRole("button", { name: "Decline all" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.locator("h1").first().boundingBox()).toEqual(heading);
    expect((await consentCookie(context))?.value).toMatch(/^1\.0\.0\.\d{10}$/);
    expect(await shift()).toBe(0);
    expect(problems).toEqual([]);

    await page.reload();
    // The funnel now has a saved place, so the app may draw it anew rather than hydrate it.
    await page.waitForFunction(() => ["data-hydrated", "data-rendered"].some((a) => document.querySelector("#root")?.hasAttribute(a)));
    await expect(banner(page)).toHaveCount(0);
  });

  test("Privacy choices in the footer opens the choice again, with the current choice, and changes it", async ({ page, context }) => {
    await open(page, "/pricing");
    await banner(page).getByRole("button", { name: "Choose" }).click();
    await banner(page).getByRole("switch", { name: "Marketing" }).check();
    await banner(page).getByRole("button", { name: "Save choices" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await consentCookie(context))?.value).toMatch(/^1\.0\.1\./);

    await page.getByRole("contentinfo").getByRole("button", { name: "Privacy choices" }).click();
    await expect(banner(page).getByRole("switch", { name: "Analytics" })).not.toBeChecked();
    await expect(banner(page).getByRole("switch", { name: "Marketing" })).toBeChecked();
    await expect(banner(page).getByRole("switch", { name: "Analytics" })).toBeFocused();
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await consentCookie(context))?.value).toMatch(/^1\.1\.1\./);
  });

  test("a customer changes it at /account/profile/privacy, reached from the profile", async ({ page, context }) => {
    await newAccount(page, `privacy-${Date.now()}@example.com`);
    await page.goto("/account/profile");
    await page.getByRole("link", { name: "Privacy choices" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy choices" })).toBeVisible();
    await expect(page.getByText("You have not chosen yet")).toBeVisible();
    await page.getByRole("main").getByRole("switch", { name: "Analytics" }).check();
    await page.getByRole("main").getByRole("button", { name: "Save choices" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    expect((await consentCookie(context))?.value).toMatch(/^1\.1\.0\./);
    await expect(page.getByText(/Your choice of .*: analytics on, marketing off\./)).toBeVisible();
  });
});

/** A build with the tag manager and Sentry configured, served on its own port (the suite's build has neither). */
const TAGS_PORT = E2E_PORT + 5;
const TAGS_ORIGIN = `http://localhost:${TAGS_PORT}`;
const TAGS_ENV = { VITE_GTM_ID: "GTM-PWTEST1", VITE_SENTRY_DSN: "https://public@o1.ingest.sentry.io/1" };

test.describe("with the tag manager and Sentry configured", () => {
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    const dist = `.tmp/dist-tags${E2E_SUFFIX}`;
    const dataDir = `.tmp/e2e-data-tags${E2E_SUFFIX}`;
    const built = spawnSync("npx", ["vite", "build", "--outDir", dist, "--emptyOutDir"], { env: { ...process.env, ...TAGS_ENV }, stdio: "inherit" });
    expect(built.status, "the build with VITE_GTM_ID and VITE_SENTRY_DSN").toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        ...TAGS_ENV,
        PORT: String(TAGS_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DIST_DIR: dist,
        LOG_LEVEL: "warn",
        APP_ORIGIN: TAGS_ORIGIN,
      },
      stdio: "inherit",
    });
    // Up when its health answers.
    await expect.poll(async () => (await fetch(`${TAGS_ORIGIN}/api/health`).catch(() => null))?.status, { timeout: 300_000, intervals: [500] }).toBe(200);
  });

  test.afterAll(() => {
    server?.kill();
  });

  /** A new visitor on the tagged build; every request to another origin is recorded and answered with nothing (we are offline). */
  async function visitor(browser: Browser) {
    const context = await browser.newContext({ baseURL: TAGS_ORIGIN, storageState: { cookies: [], origins: [] } });
    const elsewhere: string[] = [];
    await context.route(
      (url) => url.origin !== TAGS_ORIGIN,
      (route) => {
        elsewhere.push(route.request().url());
        return route.fulfill({ status: 204, body: "" });
      },
    );
    const page = await context.newPage();
    page.on("request", (r) => void (new URL(r.url()).origin !== TAGS_ORIGIN && !elsewhere.includes(r.url()) && elsewhere.push(r.url())));
    return { context, page, elsewhere };
  }

  /** Everything the app runs after first paint has had its turn: loaded, and an idle callback after the app's own ran. */
  async function settled(page: Page) {
    await page.waitForFunction(() => ["data-hydrated", "data-rendered"].some((a) => document.querySelector("#root")?.hasAttribute(a)));
    await page.waitForLoadState("load");
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 })));
  }

  test.slow();

  test("nothing leaves for another origin before the choice, nor after Decline all, nor on the next page", async ({ browser }) => {
    const { context, page, elsewhere } = await visitor(browser);
    await page.goto("/burnout");
    await settled(page);
    expect(elsewhere).toEqual([]);
    // Consent Mode's defaults are on the data layer, denied, and no tag manager started.
    const layer = await page.evaluate(() => (window.dataLayer ?? []).map((e) => JSON.stringify(Array.from(e as ArrayLike<unknown>))));
    expect(layer[0]).toContain('"consent","default"');
    expect(layer[0]).toContain('"analytics_storage":"denied"');
    expect(await page.locator("script[data-gtm]").count()).toBe(0);

    await banner(page).getByRole("button", { name: "Decline all" }).click();
    await expect(banner(page)).toHaveCount(0);
    await settled(page);
    await page.reload();
    await settled(page);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  test("after Accept all the tag manager is requested", async ({ browser }) => {
    const { context, page, elsewhere } = await visitor(browser);
    await page.goto("/burnout");
    await settled(page);
    expect(elsewhere).toEqual([]);
    const tagManager = page.waitForRequest((r) => r.url().startsWith("https://www.googletagmanager.com/gtm.js?id=GTM-PWTEST1"));
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await tagManager;
    const update = await page.evaluate(() =>
      (window.dataLayer ?? []).map((e) => JSON.stringify(Array.from(e as ArrayLike<unknown>))).find((e) => e.includes('"update"')),
    );
    expect(update).toContain('"ad_user_data":"granted"');
    await context.close();
  });
});
