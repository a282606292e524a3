import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./tests/e2e/chromium.ts";
import { E2E_DATA_DIR, E2E_PORT as PORT, E2E_SUFFIX as SUFFIX } from "./tests/e2e/e2e-dirs.ts";

/** A privacy choice made (both purposes declined), as the `pw_consent` cookie holds it (schemas/consent/consent-cookie.ts). */
const DECLINED = { name: "pw_consent", value: "1.0.0.1780000000" };

const DIST_DIR = SUFFIX ? `.tmp/dist${SUFFIX}` : "dist";
/** A build made beforehand (CI builds once for both halves of the suite); otherwise the server's own. */
const PREBUILT = process.env.E2E_PREBUILT_DIST;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Playwright empties its output folder when a run starts: two suites side by side each have their own.
  outputDir: SUFFIX ? `.tmp/test-results${SUFFIX}` : "test-results",
  reporter: process.env.CI ? [["list"], ["json", { outputFile: `.tmp/e2e-results${SUFFIX}.json` }]] : "list",
  // Bounds for a test that hangs, sized for a 2-core machine at load 50 (ADR 070): a test ends when its
  // steps are done, a wait for what the page will show as soon as it is there. Playwright's defaults
  // (30 s a test, 5 s a wait) failed correct tests under load: the hydration tests, 4x CPU-throttled,
  // took up to 66 s at load 16. A test that needs more says so with test.setTimeout.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    // Every test's visitor has made their privacy choice (declined), so the banner does not cover the
    // pages under test; tests/e2e/consent.spec.ts starts without it (ADR 055).
    storageState: { cookies: [{ ...DECLINED, domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }], origins: [] },
  },
  webServer: {
    command: PREBUILT
      ? `rm -rf ${E2E_DATA_DIR} && node --import tsx src/server/main.ts`
      : `rm -rf ${E2E_DATA_DIR} && npx vite build --outDir ${DIST_DIR} --emptyOutDir && node --import tsx src/server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    // The browser reaches the server over loopback, trusted as a proxy, so each test can be its own visitor (tests/e2e/account-setup.ts asNewVisitor).
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      DIST_DIR: PREBUILT ?? DIST_DIR,
      LOG_LEVEL: "warn",
      APP_ORIGIN: `http://localhost:${PORT}`,
      TRUST_PROXY: "127.0.0.1",
      // Ad pixels configured, so the suite proves they load only with marketing consent (tests/e2e/conversion-events.spec.ts).
      META_PIXEL_ID: "1234567890123456",
      TIKTOK_PIXEL_ID: "C4ABCDEF1234567890AB",
    },
    reuseExistingServer: !process.env.CI,
    // The build and the server's start (migrations, content sync) passed 120 s at load 30 (ADR 070).
    timeout: 300_000,
  },
});
