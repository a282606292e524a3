import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runParts, summary } from "../../scripts/lib/run-parts.ts";

/**
 * `npm run validate`'s runner (scripts/lib/run-parts.ts, ADR 072) on small parts: independent parts
 * run at once, a part waits for the one it needs, and a failure is named at the end.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "pathwise-validate-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const node = (code: string) => `node -e ${JSON.stringify(code)}`;
/** Writes its own marker, then waits for the other's: passes only when both run at the same time (a hung one gives up after 60 s). */
const meet = (mine: string, other: string) =>
  node(
    `const fs=require("fs");fs.writeFileSync(${JSON.stringify(mine)},"");const end=Date.now()+60000;` +
      `(function wait(){if(fs.existsSync(${JSON.stringify(other)}))process.exit(0);if(Date.now()>end)process.exit(1);setTimeout(wait,20)})()`,
  );
const collect = () => {
  let text = "";
  return { out: { write: (t: string) => (text += t) }, text: () => text };
};

describe("npm run validate's runner", () => {
  it("runs the independent parts at the same time", async () => {
    const log = collect();
    const outcomes = await runParts(
      [
        { name: "typecheck", command: meet("typecheck", "lint") },
        { name: "lint", command: meet("lint", "typecheck") },
      ],
      { cwd: dir, out: log.out },
    );
    expect(outcomes.map((o) => [o.name, o.status])).toEqual([
      ["typecheck", "passed"],
      ["lint", "passed"],
    ]);
    expect(summary(outcomes)).toMatchObject({ ok: true, text: expect.stringContaining("validate passed") });
  });

  it("starts a part only after the part it needs has passed, and skips it when that one failed", async () => {
    const built = [
      { name: "app build", command: node(`require("fs").writeFileSync("dist", "")`) },
      { name: "e2e", command: node(`process.exit(require("fs").existsSync("dist") ? 0 : 1)`), after: ["app build"] },
    ];
    expect((await runParts(built, { cwd: dir, out: collect().out })).map((o) => o.status)).toEqual(["passed", "passed"]);

    const broken = [
      { name: "app build", command: node(`process.exit(2)`) },
      { name: "e2e", command: node(`require("fs").writeFileSync("e2e-ran", "")`), after: ["app build"] },
    ];
    const log = collect();
    const outcomes = await runParts(broken, { cwd: dir, out: log.out });
    expect(outcomes.map((o) => o.status)).toEqual(["failed", "skipped"]);
    expect(existsSync(path.join(dir, "e2e-ran"))).toBe(false);
    expect(log.text()).toContain("=== e2e skipped: app build did not pass");
  });

  it("lets every part finish when one fails, prints each part's output whole, and names the failures last", async () => {
    const log = collect();
    const outcomes = await runParts(
      [
        { name: "lint", command: node(`console.log("src/a.ts: 1 problem"); process.exit(1)`) },
        { name: "tests", command: node(`console.log("12 passed")`) },
      ],
      { cwd: dir, out: log.out },
    );
    expect(outcomes.map((o) => o.status)).toEqual(["failed", "passed"]);
    expect(log.text()).toContain("=== lint");
    expect(log.text()).toMatch(/=== lint \(.*\) failed \(exit 1\)\nsrc\/a\.ts: 1 problem\n/);
    expect(log.text()).toMatch(/=== tests \(.*\) passed\n12 passed\n/);
    const result = summary(outcomes);
    expect(result.ok).toBe(false);
    expect(result.text.trim().split("\n").at(-1)).toBe("validate failed: lint");
  });

  it("refuses a part that waits for a part that does not exist", async () => {
    await expect(runParts([{ name: "e2e", command: "true", after: ["build"] }], { cwd: dir, out: collect().out })).rejects.toThrow(
      "e2e waits for build, which is not a part",
    );
  });
});
