import { spawn } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowsCheck } from "../helpers/flows-check.ts";

/**
 * A flow whose payment step some way reaches before a preparing step has completed the quiz takes
 * e-mails and then refuses every visitor at payment (400 quiz_incomplete). The check refuses it,
 * located, and the server does not start with it (ADR 053).
 */
const FIXTURES = ["preparing-before-email.yaml", "no-preparing.yaml", "preparing-on-one-branch.yaml"];
const located = {
  "preparing-before-email.yaml": `:30:9 steps.3.id [pay]: payment step "pay" is reached with the quiz unfinished: on the way stage → scoring → email → pay, no preparing step comes after the last question ("email")`,
  "no-preparing.yaml": `:25:9 steps.2.id [pay]: payment step "pay" is reached with the quiz unfinished: on the way stage → email → pay`,
  "preparing-on-one-branch.yaml": `:33:9 steps.3.id [pay]: payment step "pay" is reached with the quiz unfinished: on the way email → hurry → pay`,
};

let flowsDir: string;
beforeAll(async () => {
  flowsDir = await mkdtemp(join(tmpdir(), "pathwise-unpayable-"));
  for (const name of FIXTURES) await copyFile(join("tests/fixtures/flows", name), join(flowsDir, name));
});
afterAll(() => rm(flowsDir, { recursive: true, force: true }));

describe("a flow that could never take money", () => {
  it("npm run flows:check refuses each shape, located, with a hint", async () => {
    const run = await flowsCheck(
      FIXTURES.map((f) => join(flowsDir, f)),
      { FLOWS_DIR: flowsDir },
    );
    expect(run.code).toBe(1);
    for (const [name, where] of Object.entries(located)) expect(run.stderr).toContain(`${join(flowsDir, name)}${where}`);
    expect(run.stderr).toContain('(put a preparing step after "email" and before "pay": it completes the quiz)');
    expect(run.stderr).toMatch(/✗ 3 problems in 3 files/);
  });

  it("the server refuses to start with them, naming each file, line and column", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "pathwise-unpayable-data-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        env: { ...process.env, NODE_ENV: "test", PORT: "0", DATA_DIR: dataDir, FLOWS_DIR: flowsDir, LOG_LEVEL: "silent" },
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain("The server cannot start: fix these flow files.");
      for (const [name, where] of Object.entries(located)) expect(stderr).toContain(`${name}${where}`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
