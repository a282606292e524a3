import { ESLint } from "eslint";
import path from "node:path";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { deepImports } from "../../eslint-rules/deep-imports.js";

/**
 * The deep-import rule (eslint-rules/deep-imports.js) on its own: it joins eslint.config.js once the
 * tree is converted to the package.json#imports aliases (ADR 048), and its fixer is that conversion.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [{ ...deepImports, languageOptions: { parser: tseslint.parser } }],
  fix: true,
});

async function lint(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  // With fix on, messages are what the fixer could not fix; count the rule's reports before fixing.
  return { output: result!.output ?? text, fixed: result!.output !== undefined, left: result!.messages.map((m) => m.message) };
}

describe("imports through aliases, not deep relative paths", () => {
  it("rewrites an import three folders up into another area", async () => {
    const r = await lint("src/server/jobs/probe.ts", `import { ok } from "../../../schemas/api/envelope.ts";\nexport const x = ok;\n`);
    expect(r.fixed).toBe(true);
    expect(r.output).toContain(`from "#schemas/api/envelope.ts"`);
  });

  it("rewrites two folders up inside the same area", async () => {
    const r = await lint("src/web/features/home/probe.ts", `export { paths } from "../../shared/routing/paths.ts";\n`);
    expect(r.output).toBe(`export { paths } from "#web/shared/routing/paths.ts";\n`);
  });

  it("rewrites one folder up out of tests/ into an aliased area, and lazy imports too", async () => {
    const r = await lint("tests/probe.ts", `export const load = () => import("../src/engine/flow/cards.ts");\n`);
    expect(r.output).toBe(`export const load = () => import("#engine/flow/cards.ts");\n`);
  });

  it("keeps neighbours relative: the same folder and one folder up inside the area", async () => {
    const text = `import { a } from "./a.ts";\nimport { b } from "../db/client.ts";\nexport const x = [a, b];\n`;
    const r = await lint("src/server/jobs/probe.ts", text);
    expect(r.fixed).toBe(false);
    expect(r.output).toBe(text);
  });

  it("rewrites a climb into content/ or tests/ through #content/… and #tests/…, a query kept", async () => {
    const text = `import terms from "../../../../content/legal/terms-of-service.md?raw";\nimport { readPdf } from "../../../../tests/helpers/read-pdf.ts";\nexport const x = [terms, readPdf];\n`;
    expect((await lint("src/web/features/legal/probe.ts", text)).output).toBe(
      `import terms from "#content/legal/terms-of-service.md?raw";\nimport { readPdf } from "#tests/helpers/read-pdf.ts";\nexport const x = [terms, readPdf];\n`,
    );
    const fromBench = `export { CHROMIUM } from "../tests/e2e/chromium.ts";\n`;
    expect((await lint("bench/probe.ts", fromBench)).output).toBe(`export { CHROMIUM } from "#tests/e2e/chromium.ts";\n`);
  });

  it("keeps a neighbour inside tests/ relative", async () => {
    const text = `import { createTestApp } from "../helpers/test-app.ts";\nexport const x = createTestApp;\n`;
    expect((await lint("tests/integration/probe.test.ts", text)).fixed).toBe(false);
  });

  it("keeps paths to places without an alias (.storybook, scripts) and packages", async () => {
    const text = `import config from "../../.storybook/main.ts";\nimport { decisionsDir } from "../../scripts/adr-index.ts";\nimport { z } from "zod";\nexport const x = [config, decisionsDir, z];\n`;
    expect((await lint("tests/reports/probe.test.ts", text)).fixed).toBe(false);
  });

  it("leaves declaration files alone (their ambient modules lose their types to typescript-eslint through an alias)", async () => {
    const text = `declare module "virtual:probe" {\n  import type { CompiledFlow } from "../../engine/flow/types.ts";\n  export const flows: CompiledFlow[];\n}\n`;
    expect((await lint("src/web/funnel/probe.d.ts", text)).fixed).toBe(false);
  });

  it("reports without fixing when asked to lint only", async () => {
    const plain = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [{ ...deepImports, languageOptions: { parser: tseslint.parser } }] });
    const [result] = await plain.lintText(`import { ok } from "../../../schemas/api/envelope.ts";\n`, {
      filePath: path.join(ROOT, "src/server/jobs/probe.ts"),
    });
    expect(result!.messages.map((m) => m.message)).toEqual([
      'Import "../../../schemas/api/envelope.ts" through its alias: "#schemas/api/envelope.ts" (package.json#imports).',
    ]);
  });
});
