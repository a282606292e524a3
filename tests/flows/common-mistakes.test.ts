import { kindNames } from "#engine/flow/kinds/index.ts";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowsCheck, type Run } from "../helpers/flows-check.ts";

/** The kinds a problem lists, in the kinds record's order (src/engine/flow/kinds/index.ts). */
const KINDS = kindNames.join(", ");

/**
 * The mistakes docs/flows.md ("Common mistakes") shows, each made once in a copy of the small valid
 * fixture, checked by `npm run flows:check` over a folder of them: one located problem per mistake,
 * worded as the docs print it.
 */

/** Each broken flow: the text replaced in tests/fixtures/flows/valid-small.yaml (code and paths made its own), and the one line it must print. */
const mistakes: Record<string, { from: string; to: string; line: string }> = {
  "choice-repeats-value": {
    from: "{ id: switching, label: Switching, value: 3 }",
    to: "{ id: switching, label: Switching, value: 2 }",
    line: ':35:51 steps.2.options.2.value [stage]: option "switching" repeats value 2 of "working" (line 34) (each option needs its own value)',
  },
  "answer-set-repeats-value": {
    from: "{ value: 4, label: Agree }",
    to: "{ value: 3, label: Agree }",
    line: ':16:16 answerSets.agree5.3.value: answer "Agree" repeats value 3 of "Neutral" (line 15) (each answer needs its own value)',
  },
  "two-experiments-move-one-step": {
    from: "      - { id: b, weight: 50, paths: { result: /get-result-b } }\n",
    to: [
      "      - { id: b, weight: 50, paths: { result: /get-result-b } }",
      "  - id: result-address",
      "    variants:",
      "      - { id: old, weight: 1 }",
      "      - { id: new, weight: 1, paths: { result: /your-result } }",
      "",
    ].join("\n"),
    line: ':78:40 experiments.1.variants.1.paths.result [result]: experiments "result-page" (line 74) and "result-address" both change the path of step "result": a visitor given both changes sees only "result-page"\'s (merge them into one experiment, or change different steps)',
  },
  "two-experiments-reword-one-step": {
    from: "      - { id: b, weight: 50, paths: { result: /get-result-b } }\n",
    to: [
      "      - { id: b, weight: 50, paths: { result: /get-result-b } }",
      "  - id: stage-wording",
      "    variants:",
      "      - id: plain",
      "        weight: 1",
      "        steps:",
      "          stage:",
      "            title: Where are you now?",
      "      - { id: warm, weight: 1, steps: { stage: { title: Tell us where you are } } }",
      "  - id: stage-order",
      "    variants:",
      "      - { id: as-written, weight: 1 }",
      "      - id: working-first",
      "        weight: 1",
      "        steps:",
      "          stage:",
      "            options: [{ id: working }, { id: student }, { id: switching }]",
      "",
    ].join("\n"),
    line: ':89:11 experiments.2.variants.1.steps.stage [stage]: experiments "stage-wording" (line 80) and "stage-order" both change the copy of step "stage": a visitor given both changes sees only "stage-wording"\'s (merge them into one experiment, or change different steps)',
  },
  "unknown-step-kind": {
    from: "    kind: likert\n",
    to: "    kind: likret\n",
    line: `:25:11 steps.1.kind [likes-building]: unknown step kind "likret" (did you mean "likert"? kinds: ${KINDS})`,
  },
  "misspelt-step-key": {
    from: "    title: I like building things with my hands\n",
    to: "    tilte: I like building things with my hands\n",
    line: ':26:5 steps.1.tilte [likes-building]: unknown key "tilte" (did you mean "title"?)',
  },
  "key-of-another-kind": {
    from: "    answers: agree5\n",
    to: "    answers: agree5\n    options: [{ id: yes, label: Yes }, { id: no, label: No }]\n",
    line: ':28:5 steps.1.options [likes-building]: a likert step has no "options" ("options" belongs to single_choice, multiple_choice steps; a likert step takes id, path, title, subtitle, next, progress, events, kind, shuffle_group, image, answers, optional)',
  },
  "step-not-a-mapping": {
    from: "  - id: switch-reason\n    kind: short_text\n    title: Why do you want to switch?\n    label: Your reason\n    next: email\n",
    to: "  - switch-reason\n",
    line: ':40:5 steps.3 [switch-reason]: a step is a mapping of keys (id, kind, title, …), not the text "switch-reason" (write it as "- id: switch-reason" with "kind:" and "title:" on the lines below, lined up with "id:")',
  },
  "step-without-kind": {
    from: "  - id: switch-reason\n    kind: short_text\n",
    to: "  - id: switch-reason\n",
    line: `:40:5 steps.3.kind [switch-reason]: this step has no kind (add a kind: one of ${KINDS})`,
  },
};

let dir = "";
let run: Run;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pathwise-mistakes-"));
  const small = await readFile("tests/fixtures/flows/valid-small.yaml", "utf8");
  for (const [name, { from, to }] of Object.entries(mistakes)) {
    expect(small, name).toContain(from);
    const code = `fx_${name.replaceAll("-", "_")}`;
    const broken = small.replace(from, to);
    await writeFile(join(dir, `${name}.yaml`), broken.replaceAll("valid_small", code).replaceAll("/valid-small", `/${name}`).replaceAll("/get-result", `/${name}/get-result`));
  }
  run = await flowsCheck([], { FLOWS_DIR: dir });
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("npm run flows:check on the common mistakes", () => {
  it.each(Object.keys(mistakes))("%s: one problem, at the mistake, with its hint", (name) => {
    const lines = run.stderr.split("\n").filter((l) => l.includes(`/${name}.yaml:`));
    expect(lines).toEqual([expect.stringMatching(/\.yaml:/)]);
    expect(lines[0]!.slice(lines[0]!.indexOf(`${name}.yaml`) + `${name}.yaml`.length)).toBe(mistakes[name]!.line);
  });

  it("counts one problem per file and exits 1", () => {
    const count = Object.keys(mistakes).length;
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(`✗ ${count} problems in ${count} files (${count} flow files checked)`);
  });

  it("variants of one experiment changing one step are no problem", async () => {
    const small = await readFile("tests/fixtures/flows/valid-small.yaml", "utf8");
    const one = small.replace(
      "      - { id: b, weight: 50, paths: { result: /get-result-b } }\n",
      "      - { id: b, weight: 50, paths: { result: /get-result-b } }\n      - { id: c, weight: 50, paths: { result: /get-result-c } }\n",
    );
    const file = join(dir, "one-experiment.yaml");
    await writeFile(file, one);
    const alone = await flowsCheck([file], { FLOWS_DIR: "tests/fixtures/no-such-dir" });
    expect(alone).toMatchObject({ code: 0, stderr: "" });
  });

  it("the real flows pass", async () => {
    const real = await flowsCheck([]);
    expect(real.stderr).toBe("");
    expect(real).toMatchObject({ code: 0, stdout: expect.stringMatching(/^✓ \d+ flows OK: /) });
  });
});
