import { ESLint } from "eslint";
import { readFileSync } from "node:fs";
import path from "node:path";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint config (eslint.config.js) as `npm run lint` runs it, on small sources placed inside the
 * tree (lintText with a filePath), so its zones and rules apply as they would to a real change.
 * Type-aware rules are switched off here: none of these rules needs types, and building the
 * TypeScript program for each file would make the test wait on the compiler, not on the rules.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, "eslint.config.js"), overrideConfig: tseslint.configs.disableTypeChecked });

async function problems(file: string, text: string, rule: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("import cycles", () => {
  // renewals.ts imports pause-reminders.ts; a type import back closes a cycle.
  const file = "src/server/payments/renewals/pause-reminders.ts";

  it("passes the module as it is", async () => {
    expect(await problems(file, source(file), "cycles/no-cycle")).toEqual([]);
  });

  it("fails when a type-only import closes a cycle, and names its path", async () => {
    const text = `${source(file)}\nexport type { RenewalReport } from "./renewals.ts";\n`;
    expect(await problems(file, text, "cycles/no-cycle")).toEqual([
      expect.stringContaining(
        "Import cycle: src/server/payments/renewals/pause-reminders.ts → src/server/payments/renewals/renewals.ts → src/server/payments/renewals/pause-reminders.ts",
      ),
    ]);
  });

  it("counts an `import type` declaration as an edge", async () => {
    const text = `import type { RenewalReport } from "./renewals.ts";\nexport type Report = RenewalReport;\n${source(file)}`;
    expect(await problems(file, text, "cycles/no-cycle")).toHaveLength(1);
  });
});

describe("schemas import nothing of the engine", () => {
  const file = "schemas/flow/card.ts";
  const rule = "no-restricted-imports";

  it("fails on a relative import of src/engine", async () => {
    const text = `import { cardsInOrder } from "../../src/engine/flow/cards.ts";\nexport const sorted = cardsInOrder;\n`;
    expect(await problems(file, text, rule)).toEqual([expect.stringContaining("schemas/ is the lowest layer")]);
  });

  it("fails on the alias too", async () => {
    const text = `import { cardsInOrder } from "#engine/flow/cards.ts";\nexport const sorted = cardsInOrder;\n`;
    expect(await problems(file, text, rule)).toEqual([expect.stringContaining("schemas/ is the lowest layer")]);
  });

  it("passes the file as it is", async () => {
    expect(await problems(file, source(file), rule)).toEqual([]);
  });
});

describe("layer boundaries through aliases", () => {
  it("the server may not import the web by its alias", async () => {
    const text = `import { paths } from "#web/shared/routing/paths.ts";\nexport const home = paths;\n`;
    expect(await problems("src/server/payments/renewals/renewal-deps.ts", text, "no-restricted-imports")).toEqual([
      expect.stringContaining("Browser code lives in src/web"),
    ]);
  });

  it("a feature may not import another feature by its alias", async () => {
    const file = "src/web/features/home/HomePage.tsx";
    const text = `import "#web/features/account/AccountHomePage.tsx";\n${source(file)}`;
    expect(await problems(file, text, "layers/web-boundaries")).toEqual([expect.stringContaining('feature "home" must not import feature "account"')]);
  });
});

describe("deep relative imports", () => {
  const file = "src/server/routes/quiz/answers.ts";
  const rule = "aliases/no-deep-relative";

  it("fails on an import that climbs into another area", async () => {
    const text = `import { answerBody } from "../../../../schemas/api/quiz.ts";\nexport const body = answerBody;\n${source(file)}`;
    expect(await problems(file, text, rule)).toHaveLength(1);
  });

  it("passes the file as it is", async () => {
    expect(await problems(file, source(file), rule)).toEqual([]);
  });
});
