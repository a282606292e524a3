import { ESLint } from "eslint";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The pre-commit hook (.githooks/pre-commit) and the `prepare` script that turns it on, in a
 * throwaway repository beside this one: a commit with a badly formatted staged file is refused
 * with the way to fix it; the same file formatted is committed. Staged scripts are linted with the
 * rules that read one file at a time (eslint.staged.config.js), with no TypeScript program: the
 * throwaway repository has no tsconfig.json at all (ADR 072).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const prepare = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.prepare!;
/** What the hook reads from the repository it runs in. */
const HOOK_FILES = [".githooks/pre-commit", ".prettierrc.json", "package.json", "eslint.config.js", "eslint.staged.config.js", "eslint-rules"];

const run = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" });
const commitIn = (cwd: string) => spawnSync("git", ["commit", "-q", "-m", "change"], { cwd, encoding: "utf8" });

/** A new repository with the hook's files and this checkout's node_modules, the hook turned on by `prepare`. */
function throwawayRepo(): string {
  const repo = mkdtempSync(path.join(tmpdir(), "pathwise-hook-"));
  run(repo, "init", "-q");
  run(repo, "config", "user.email", "hook@test.invalid");
  run(repo, "config", "user.name", "Hook test");
  for (const file of HOOK_FILES) cpSync(path.join(ROOT, file), path.join(repo, file), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(repo, "node_modules"));
  writeFileSync(path.join(repo, ".gitignore"), "node_modules\n");
  execFileSync("sh", ["-c", prepare], { cwd: repo });
  return repo;
}

describe("pre-commit hook", () => {
  let repo: string;
  const git = (...args: string[]) => run(repo, ...args);
  const commit = () => commitIn(repo);

  beforeAll(() => {
    repo = throwawayRepo();
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("is turned on by the prepare script", () => {
    expect(git("config", "core.hooksPath").trim()).toBe(".githooks");
  });

  it("refuses a staged file whose formatting differs, and says how to fix it", () => {
    writeFileSync(path.join(repo, "data.json"), '{"a":1,\n"b":  [1,2]}\n');
    git("add", "data.json", ".gitignore", ...HOOK_FILES);
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

  it("refuses a staged script that breaks a lint rule, naming the rule", () => {
    mkdirSync(path.join(repo, "src/server"), { recursive: true });
    writeFileSync(path.join(repo, "src/server/probe.ts"), 'import { paths } from "#web/shared/routing/paths.ts";\n\nexport const home = paths;\n');
    git("add", "src/server/probe.ts");
    const result = commit();
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("no-restricted-imports");
    expect(result.stderr).toContain("npm run fix");
  });

  it("commits a staged script that passes, with no TypeScript project to build (this repository has no tsconfig.json)", () => {
    writeFileSync(path.join(repo, "src/server/probe.ts"), 'import { home } from "./home.ts";\n\nexport const start = home;\n');
    writeFileSync(path.join(repo, "src/server/home.ts"), 'export const home = "/";\n');
    git("add", "src/server");
    const result = commit();
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("works the same in a linked worktree (git runs it at that worktree's top)", () => {
    const outside = mkdtempSync(path.join(tmpdir(), "pathwise-hook-tree-"));
    const tree = path.join(outside, "tree");
    try {
      git("worktree", "add", "-q", "-b", "side", tree);
      symlinkSync(path.join(ROOT, "node_modules"), path.join(tree, "node_modules"));
      writeFileSync(path.join(tree, "side.json"), '{"side":\n1}\n');
      run(tree, "add", "side.json");
      expect(commitIn(tree).stderr).toContain("npm run fix");
      writeFileSync(path.join(tree, "side.json"), '{ "side": 1 }\n');
      run(tree, "add", "side.json");
      expect(commitIn(tree).status).toBe(0);
      expect(run(tree, "log", "--oneline", "-1")).toContain("change");
    } finally {
      rmSync(outside, { recursive: true, force: true });
      git("worktree", "prune");
    }
  });
});

describe("the hook's lint config (eslint.staged.config.js)", () => {
  type Rules = Record<string, unknown>;
  type Config = { rules: Rules; plugins?: Record<string, { rules?: Record<string, { meta?: { docs?: { requiresTypeChecking?: boolean } } }> }> };
  const full = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, "eslint.config.js") });
  const staged = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, "eslint.staged.config.js") });
  const on = (setting: unknown) => ![0, "off"].includes((Array.isArray(setting) ? setting[0] : setting) as string | number);

  /** Whether a rule of the full config needs the TypeScript program (typescript-eslint marks those). */
  function needsTypes(config: Config, rule: string): boolean {
    const slash = rule.lastIndexOf("/");
    if (slash < 0) return false;
    return config.plugins?.[rule.slice(0, slash)]?.rules?.[rule.slice(slash + 1)]?.meta?.docs?.requiresTypeChecking === true;
  }

  it.each(["src/web/funnel/FunnelRunner.tsx", "src/server/app.ts", "schemas/flow/card.ts", "tests/e2e/funnel.spec.ts"])(
    "keeps every rule of the full lint that reads %s alone, and drops those that need types",
    async (file) => {
      const fullConfig = (await full.calculateConfigForFile(path.join(ROOT, file))) as Config;
      const stagedConfig = (await staged.calculateConfigForFile(path.join(ROOT, file))) as Config;
      const fileRules = Object.entries(fullConfig.rules).filter(([, setting]) => on(setting));
      const withTypes = fileRules.filter(([rule]) => needsTypes(fullConfig, rule));
      expect(withTypes.length).toBeGreaterThan(0);
      for (const [rule] of withTypes) expect(on(stagedConfig.rules[rule]), rule).toBe(false);
      for (const [rule, setting] of fileRules.filter(([rule]) => !needsTypes(fullConfig, rule))) expect(stagedConfig.rules[rule], rule).toEqual(setting);
    },
  );
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
