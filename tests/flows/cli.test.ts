import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flowsCheck } from "../helpers/flows-check.ts";


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
    const run = await flowsCheck([fixture("valid-small.yaml")], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("✓ 1 flow OK: valid_small");
  });

  it("checks a named file against the folder's other flows: a path another flow uses is a problem of the named file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pathwise-clash-"));
    try {
      const small = await readFile(fixture("valid-small.yaml"), "utf8");
      await writeFile(join(dir, "clash.yaml"), small.replace("code: valid_small", "code: clash_flow").replace("start: /quiz/valid_small", "start: /quiz/career_test_green"));
      const run = await flowsCheck([join(dir, "clash.yaml")]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/clash\.yaml:8:10 paths\.start: path \/quiz\/career_test_green is already used by flow "career_test_green" \(flows\/career\.yaml:\d+:\d+\)/);
      expect(run.stderr).not.toContain("flows/career.yaml:" + "1:1");
      expect(run.stderr.trim().split("\n").every((line) => line.includes("clash.yaml") || line.startsWith("✗"))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails, located, on a picture that is not in content/images", async () => {
    const run = await flowsCheck([fixture("missing-image.yaml")], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${fixture("missing-image.yaml")}:15:19 steps.0.image.src [intro]: image /content-images/flow-carer-intro.svg does not exist (did you mean "/content-images/flow-career-intro.svg"?)`,
    );
  });

  it("checks a whole folder by default (FLOWS_DIR) and reports a file it cannot read", async () => {
    const empty = await flowsCheck([], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
    expect(empty).toMatchObject({ code: 0, stdout: "✓ 0 flows OK\n" });
    const missing = await flowsCheck([fixture("missing.yaml")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${fixture("missing.yaml")}:1:1: cannot read the file (ENOENT)`);
  });

  it("fails, located, when a pre-checkout promises a section its report does not have, or a report with no template", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pathwise-promise-"));
    try {
      const career = await readFile("flows/career.yaml", "utf8");
      await writeFile(join(dir, "career.yaml"), career.replace("delivers: professions }", "delivers: profesions }"));
      const orphan = career.replace("report: career_riasec", "report: no_template_yet").replace(/career_test_green/g, "career_copy").replace(/path: \//g, "path: /copy-");
      await writeFile(join(dir, "copy.yaml"), orphan);
      const alone = { FLOWS_DIR: "tests/fixtures/no-such-dir" };
      const run = await flowsCheck([join(dir, "career.yaml")], alone);
      expect(run.code).toBe(1);
      const line = career.split("\n").findIndex((l) => l.includes("delivers: professions }")) + 1;
      expect(run.stderr).toMatch(new RegExp(`career\\.yaml:${line}:\\d+ steps\\.\\d+\\.includes\\.2\\.delivers \\[pre_checkout\\]: report career_riasec has no section "profesions" \\(did you mean "professions"\\?\\)`));
      const none = await flowsCheck([join(dir, "copy.yaml")], alone);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('report no_template_yet has no template, so nothing delivers "profile" (write content/reports/no_template_yet/report.yaml)');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails, located, when a pre-checkout sells the report's help section (help is never for sale, ADR 030)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pathwise-help-"));
    try {
      // The anxiety funnel with the line it used to have: where to get help among what the payment buys.
      const anxiety = await readFile("flows/anxiety.yaml", "utf8");
      const before = anxiety.split("\n").find((l) => l.includes("delivers: next-steps }"))!;
      const sold = anxiety.replace(before, `${before}\n      - { text: "When and where to get help, including free crisis lines", delivers: help }`);
      await writeFile(join(dir, "anxiety.yaml"), sold);
      const run = await flowsCheck([join(dir, "anxiety.yaml")], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
      expect(run.code).toBe(1);
      const line = sold.split("\n").findIndex((l) => l.includes("delivers: help }")) + 1;
      expect(run.stderr).toMatch(
        new RegExp(
          `anxiety\\.yaml:${line}:\\d+ steps\\.\\d+\\.includes\\.3\\.delivers \\[pre_checkout\\]: section "help" of report anxiety_gad7 is where to find help, which is never for sale: it is open in the free result \\(remove this line from includes: help is not part of what the payment buys\\)`,
        ),
      );
      expect(run.stderr).toMatch(/✗ 1 problem in 1 file/);
      // The funnel as it is sells no help.
      expect(await flowsCheck(["flows/anxiety.yaml", "flows/burnout.yaml", "flows/stress-level.yaml"])).toMatchObject({ code: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses, located, an offer naming a plan not in the catalogue or preselecting a plan it does not list (ADR 065)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pathwise-offer-"));
    try {
      // The stress funnel with a typo in its variant's offer; then with a preselected plan its own offer does not list.
      const stress = await readFile("flows/stress-level.yaml", "utf8");
      const typo = stress.replace("plans: [quarter_3, month_1, trial_7d]", "plans: [quarter_3, month_1, trial_7days]");
      const stray = stress.replace("  preselected: trial_7d\n", "  preselected: year_12\n");
      expect(typo).not.toBe(stress);
      expect(stray).not.toBe(stress);
      await writeFile(join(dir, "typo.yaml"), typo);
      await writeFile(join(dir, "stray.yaml"), stray);
      const lineOf = (text: string, line: string) => text.split("\n").findIndex((l) => l.includes(line)) + 1;

      const unknown = await flowsCheck([join(dir, "typo.yaml")], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(
        new RegExp(
          `typo\\.yaml:${lineOf(typo, "trial_7days")}:\\d+ experiments\\.0\\.variants\\.1\\.offer\\.plans\\.2: plan "trial_7days" is not in the catalogue \\(content/products\\) \\(did you mean "trial_7d"\\?\\)`,
        ),
      );
      expect(unknown.stderr).toMatch(/✗ 1 problem in 1 file/);

      const notListed = await flowsCheck([join(dir, "stray.yaml")], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
      expect(notListed.code).toBe(1);
      expect(notListed.stderr).toMatch(
        new RegExp(`stray\\.yaml:${lineOf(stray, "preselected: year_12")}:\\d+ offer\\.preselected: preselected plan "year_12" is not in this offer's plans`),
      );
      expect(notListed.stderr).toMatch(/✗ 1 problem in 1 file/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
