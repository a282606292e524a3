import { ESLint, RuleTester } from "eslint";
import path from "node:path";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { testWaits } from "../../eslint-rules/test-waits.js";

/**
 * The waits rule (eslint-rules/test-waits.js, ADR 070): a test waits for a condition with a named
 * bound, never for a clock. RuleTester runs each case as a test of its own; an invalid case fails
 * unless the rule reports exactly the errors listed.
 */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const noTimeout = (name: string) => ({ messageId: "noTimeout", data: { name } });
const sleep = { messageId: "sleep" };

tester.run("waits/for-conditions", testWaits, {
  valid: [
    "await vi.waitFor(() => expect(rows()).toHaveLength(1), { timeout: UNTIL_MS });",
    "await vi.waitFor(() => expect(rows()).toHaveLength(1), { timeout: 60_000, interval: 10 });",
    "await vi.waitUntil(() => ready, 30_000);",
    "await expect.poll(() => count(), { timeout: UNTIL_MS }).toBe(2);",
    "await vi.waitFor(check, options);",
    // A tick is not a sleep: it ends when the queued tasks have run, whatever the load.
    "const flush = () => new Promise((resolve) => setTimeout(resolve, 0));",
    "const nextTurn = () => new Promise((r) => setImmediate(r));",
    // A timer that is not what the promise waits for (a child killed if it hangs).
    "new Promise((resolve) => { const timer = setTimeout(() => child.kill(), ms); child.on('exit', resolve); });",
    "import { setImmediate } from 'node:timers/promises';",
    // Testing Library's waitFor: its bound is configured once (src/web/test/setup.ts).
    "await waitFor(() => expect(screen.getByText('Saved')).toBeTruthy());",
    // The browser suite's expect.poll takes playwright.config.ts expect.timeout.
    { code: "await expect.poll(() => count()).toBe(2);", options: [{ configured: ["expect.poll"] }] },
  ],
  invalid: [
    { code: "await vi.waitFor(() => expect(d.started()).toBe(1));", errors: [noTimeout("vi.waitFor")] },
    { code: "await vi.waitFor(() => expect(rows()).toHaveLength(1), { interval: 10 });", errors: [noTimeout("vi.waitFor")] },
    { code: "await vi.waitUntil(() => ready);", errors: [noTimeout("vi.waitUntil")] },
    { code: "await expect.poll(() => count()).toBe(2);", errors: [noTimeout("expect.poll")] },
    { code: "await new Promise((r) => setTimeout(r, 1300));", errors: [sleep] },
    { code: "const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));", errors: [sleep] },
    { code: "await new Promise<void>(function (done) { setTimeout(() => done(), 200); });", errors: [sleep] },
    { code: "import { setTimeout as wait } from 'node:timers/promises';", errors: [sleep] },
    { code: "await page.waitForTimeout(500);", errors: [sleep] },
  ],
});

describe("the lint config applies the rule to tests, not to the app", () => {
  const ROOT = path.resolve(import.meta.dirname, "../..");
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, "eslint.config.js"), overrideConfig: tseslint.configs.disableTypeChecked });
  const reported = async (file: string, text: string) =>
    (await eslint.lintText(text, { filePath: path.join(ROOT, file) }))[0]!.messages.filter((m) => m.ruleId === "waits/for-conditions").length;
  const bare = `import { expect, vi } from "vitest";\nexport const settled = (n: () => number) => vi.waitFor(() => expect(n()).toBe(1));\n`;
  const sleeper = `export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n`;

  it("refuses a bare vi.waitFor in an integration test and a sleep in a unit test or a test helper", async () => {
    expect(await reported("tests/integration/probe.test.ts", bare)).toBe(1);
    expect(await reported("src/web/features/checkout/probe.test.tsx", sleeper)).toBe(1);
    expect(await reported("tests/helpers/probe.ts", sleeper)).toBe(1);
  });

  it("leaves the app's own timers alone", async () => {
    expect(await reported("src/server/jobs/probe.ts", sleeper)).toBe(0);
  });
});
