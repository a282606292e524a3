import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The pre-commit hook (.githooks/pre-commit) and the `prepare` script that turns it on, in a
 * throwaway repository beside this one: a commit with a badly formatted staged file is refused
 * with the way to fix it; the same file formatted is committed.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const prepare = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.prepare!;
let repo: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
const commit = () => spawnSync("git", ["commit", "-q", "-m", "change"], { cwd: repo, encoding: "utf8" });

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), "pathwise-hook-"));
  git("init", "-q");
  git("config", "user.email", "hook@test.invalid");
  git("config", "user.name", "Hook test");
  mkdirSync(path.join(repo, ".githooks"));
  copyFileSync(path.join(ROOT, ".githooks/pre-commit"), path.join(repo, ".githooks/pre-commit"));
  copyFileSync(path.join(ROOT, ".prettierrc.json"), path.join(repo, ".prettierrc.json"));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(repo, "node_modules"));
  writeFileSync(path.join(repo, ".gitignore"), "node_modules\n");
  execFileSync("sh", ["-c", prepare], { cwd: repo });
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("pre-commit hook", () => {
  it("is turned on by the prepare script", () => {
    expect(git("config", "core.hooksPath").trim()).toBe(".githooks");
  });

  it("refuses a staged file whose formatting differs, and says how to fix it", () => {
    writeFileSync(path.join(repo, "data.json"), '{"a":1,\n"b":  [1,2]}\n');
    git("add", "data.json", ".gitignore", ".prettierrc.json", ".githooks/pre-commit");
    const result = commit();
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("npm run fix");
    expect(git("log", "--oneline", "--all")).toBe("");
  });

  it("commits the same file once it is formatted", () => {
    writeFileSync(path.join(repo, "data.json"), '{ "a": 1, "b": [1, 2] }\n');
    git("add", "data.json");
    expect(commit().status).toBe(0);
    expect(git("log", "--oneline")).toContain("change");
  });

  it("checks only what is staged: a badly formatted file left out of the commit does not stop it", () => {
    writeFileSync(path.join(repo, "draft.json"), '{"draft":true}');
    writeFileSync(path.join(repo, "notes.md"), "# Notes\n");
    git("add", "notes.md");
    expect(commit().status).toBe(0);
  });
});

describe("prepare script", () => {
  it("succeeds where there is no git repository (an install from a tarball or CI without .git)", () => {
    const outside = mkdtempSync(path.join(tmpdir(), "pathwise-nogit-"));
    try {
      const result = spawnSync("sh", ["-c", prepare], { cwd: outside, env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(outside) } });
      expect(result.status).toBe(0);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
