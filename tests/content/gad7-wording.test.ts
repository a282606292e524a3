import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * The GAD-7 is shown "verbatim" (README, docs/assessments/anxiety.md): the flow's stem, seven items,
 * four answers and the optional difficulty question must read exactly as the public form does.
 *
 * Form: Spitzer, R. L., Kroenke, K., Williams, J. B. W., & Löwe, B. (2006). A brief measure for
 * assessing generalized anxiety disorder: the GAD-7. Archives of Internal Medicine, 166(10),
 * 1092–1097. "Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues,
 * with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display
 * or distribute."
 *
 * Wording copied from the English form distributed on the PHQ screeners site
 * (https://www.phqscreeners.com/), as transcribed at
 * https://scales.arabpsychology.com/index.php/s/gad-7-anxiety-severity/ and
 * https://ravansanji.ir/?EAnx1204GAD (stem, items, answers; item texts also as LOINC panel 69737-5,
 * https://loinc.org/69737-5/). That form has no difficulty question; its wording is the GAD-7's own,
 * as on the form printed with the 2006 paper (reproduced with the Pfizer notice at
 * https://www.touringmanual.com/resources/generalized-anxiety-disorder-7-item-gad-7-generalized-anxiety-disorder-scale/).
 * Read from stored copies of those pages on 2026-11-26; the live sites were not opened.
 */
const FORM = {
  stem: "Over the last 2 weeks, how often have you been bothered by the following problems?",
  items: [
    "Feeling nervous, anxious or on edge",
    "Not being able to stop or control worrying",
    "Worrying too much about different things",
    "Trouble relaxing",
    "Being so restless that it is hard to sit still",
    "Becoming easily annoyed or irritable",
    "Feeling afraid as if something awful might happen",
  ],
  answers: ["Not at all", "Several days", "More than half the days", "Nearly every day"],
  difficulty: {
    question:
      "If you checked off any problems, how difficult have these made it for you to do your work, take care of things at home, or get along with other people?",
    answers: ["Not difficult at all", "Somewhat difficult", "Very difficult", "Extremely difficult"],
  },
} as const;

interface Step {
  id: string;
  title?: string;
  subtitle?: string;
  answers?: string;
  options?: { label: string }[];
}
interface Flow {
  steps: Step[];
  answerSets: Record<string, { value: number; label: string }[]>;
  scoring: { scales: { id: string; items: string[] }[] };
}

const flow = parse(readFileSync(join(process.cwd(), "flows", "anxiety.yaml"), "utf8")) as Flow;
const step = (id: string) => {
  const found = flow.steps.find((s) => s.id === id);
  if (!found) throw new Error(`flows/anxiety.yaml has no step ${id}`);
  return found;
};
const scored = flow.scoring.scales.find((s) => s.id === "anxiety")!.items;

describe("GAD-7 wording in flows/anxiety.yaml", () => {
  it("scores the seven items in the form's order", () => {
    expect(scored).toEqual(["gad1", "gad2", "gad3", "gad4", "gad5", "gad6", "gad7"]);
  });

  it.each(FORM.items.map((text, i) => ({ n: i + 1, text })))("item $n reads as the form, under the form's stem", ({ n, text }) => {
    const s = step(scored[n - 1]!);
    expect(s.title).toBe(text);
    expect(s.subtitle).toBe(FORM.stem);
  });

  it("offers the form's four answers, scored 0 to 3", () => {
    for (const id of scored) {
      const set = flow.answerSets[step(id).answers!];
      expect(set, `answer set of ${id}`).toEqual(FORM.answers.map((label, value) => ({ value, label })));
    }
  });

  it("asks the difficulty question and its four answers as the form does", () => {
    const s = step("difficulty");
    expect(s.title).toBe(FORM.difficulty.question);
    expect(s.options?.map((o) => o.label)).toEqual([...FORM.difficulty.answers]);
  });
});
