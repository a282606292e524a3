import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The unused-code check of `npm run lint` (knip with the repository's knip.json), on a small project
 * laid out like this one beside it: the server's entry imports one module; an export nobody imports,
 * or a file nobody imports, fails the check and is named.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const knipCommand = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts
  .lint!.split("&&")
  .at(-1)!
  .trim();
let project: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
}

const knip = () => spawnSync(path.join(ROOT, "node_modules/.bin/knip"), ["--no-progress"], { cwd: project, encoding: "utf8" });

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "pathwise-knip-"));
  copyFileSync(path.join(ROOT, "knip.json"), path.join(project, "knip.json"));
  copyFileSync(path.join(ROOT, "tsconfig.json"), path.join(project, "tsconfig.json"));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(project, "node_modules"));
  // The server's entry is found as in the real package.json: through the script that starts it.
  const scripts = { serve: "node --import tsx src/server/main.ts" };
  const devDependencies = { tsx: "*" };
  write(
    "package.json",
    JSON.stringify({ name: "knip-probe", private: true, type: "module", scripts, devDependencies, imports: { "#server/*": "./src/server/*" } }),
  );
  write("src/server/main.ts", 'import { greeting } from "#server/greeting.ts";\nconsole.log(greeting);\n');
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("npm run lint's unused-code check", () => {
  it("is the last step of npm run lint", () => {
    expect(knipCommand).toBe("knip");
  });

  it("passes when every export is imported", () => {
    write("src/server/greeting.ts", 'export const greeting = "hello";\n');
    const result = knip();
    expect(result.stdout + result.stderr).not.toMatch(/Unused/);
    expect(result.status).toBe(0);
  });

  it("fails on an export nothing imports, and names it", () => {
    write("src/server/greeting.ts", 'export const greeting = "hello";\nexport const farewell = "goodbye";\n');
    const result = knip();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/Unused exports \(1\)[\s\S]*farewell/);
  });

  it("fails on a file nothing imports", () => {
    write("src/server/greeting.ts", 'export const greeting = "hello";\n');
    write("src/server/leftover.ts", 'export const leftover = "old";\n');
    const result = knip();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/Unused files \(1\)[\s\S]*src\/server\/leftover\.ts/);
  });
});
