import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./tests/e2e/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_DATA_DIR = ".tmp/e2e-data";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: ".tmp/e2e-results.json" }]] : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npm run build && node --import tsx src/server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: "warn", APP_ORIGIN: `http://localhost:${PORT}` },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
