import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run flows:check` the way npm does (node --import tsx scripts/flows-check.ts). */
function flowsCheck(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/flows-check.ts", ...args], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const fixture = (name: string) => `tests/fixtures/flows/${name}`;

describe("npm run flows:check", () => {
  it("exits 1 on a broken flow and prints each problem as file:line:column path [step]: message (hint)", async () => {
    const run = await flowsCheck([fixture("unknown-target.yaml")]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${fixture("unknown-target.yaml")}:17:11 steps.0.next [likes-building]: unknown step "reslt" in next (did you mean "result"?)`,
    );
    expect(run.stderr).toMatch(/✗ 1 problem in 1 file \(1 flow file checked\)/);
  });

  it("lists every problem of every file, then one summary line", async () => {
    const run = await flowsCheck([fixture("several-problems.yaml"), fixture("dead-end.yaml")]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe("✗ 7 problems in 2 files (2 flow files checked)");
  });

  it("exits 0 on a good flow", async () => {
    const run = await flowsCheck([fixture("valid-small.yaml")]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("✓ 1 flow OK: valid_small");
  });

  it("checks a whole folder by default (FLOWS_DIR) and reports a file it cannot read", async () => {
    const empty = await flowsCheck([], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
    expect(empty).toMatchObject({ code: 0, stdout: "✓ 0 flows OK\n" });
    const missing = await flowsCheck([fixture("missing.yaml")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${fixture("missing.yaml")}:1:1: cannot read the file (ENOENT)`);
  });
});
