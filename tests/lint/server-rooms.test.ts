import { ESLint } from "eslint";
import { readFileSync } from "node:fs";
import path from "node:path";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The server's rooms (ADR 068, eslint-rules/server-rooms.js) as `npm run lint` runs them: a room
 * imports only the rooms its README names, and only their public surface.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, "eslint.config.js"), overrideConfig: tseslint.configs.disableTypeChecked });

async function problems(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === "rooms/server-rooms").map((m) => m.message);
}

const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("server rooms", () => {
  const refund = "src/server/payments/refund-notice.ts";

  it("passes a payments file as it is (it imports auth, which its README names)", async () => {
    expect(await problems(refund, source(refund))).toEqual([]);
  });

  it("refuses payments importing the account services, upwards", async () => {
    const text = `${source(refund)}\nexport { deleteAccount } from "../accounts/account-deletion.ts";\n`;
    expect(await problems(refund, text)).toEqual([expect.stringContaining(`room "payments" may not import room "accounts"`)]);
  });

  it("refuses the same import written through the alias", async () => {
    const text = `export { deleteAccount } from "#server/accounts/account-deletion.ts";\n`;
    expect(await problems("src/server/payments/renewals/probe.ts", text)).toEqual([expect.stringContaining(`room "payments" may not import room "accounts"`)]);
  });

  it("refuses a room reaching into another room's sub-folder", async () => {
    const text = `export { createMaxPay } from "../payments/providers/max-pay.ts";\n`;
    expect(await problems("src/server/accounts/probe.ts", text)).toEqual([expect.stringContaining(`is inside room "payments"`)]);
  });

  it("lets routes use a room's top files and the sub-folder files its README makes public, not the others", async () => {
    const allowed = `export { sandboxCheckoutPage } from "#server/payments/sandbox/sandbox-page.ts";\nexport { createPaymentProviders } from "#server/payments/registry.ts";\n`;
    expect(await problems("src/server/routes/dev/probe.ts", allowed)).toEqual([]);
    const inside = `export { createMaxPay } from "#server/payments/providers/max-pay.ts";\n`;
    expect(await problems("src/server/routes/dev/probe.ts", inside)).toEqual([expect.stringContaining(`is inside room "payments"`)]);
  });

  it("keeps a room's own sub-folders open to it", async () => {
    const text = `export { createMaxPay } from "./providers/max-pay.ts";\n`;
    expect(await problems("src/server/payments/probe.ts", text)).toEqual([]);
  });
});
