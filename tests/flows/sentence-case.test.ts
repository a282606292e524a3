import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { readFlows } from "#server/flows/read-flows.ts";

/**
 * Every funnel writes its labels in sentence case ("Very accurate", not "Very Accurate"): the
 * answers, the options and every other `label` of every file in flows/ (experiments' too). A word
 * after the first may start with a capital only when it is "I" (I'm, I've …), an acronym (CV,
 * PTSD), the start of a new sentence, or one of the proper nouns named below.
 */
const PROPER_NOUNS = new Set(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);

/** The words of a label, after the first, that make it Title Case. */
function titleCaseWords(label: string): string[] {
  const words = label.split(/\s+/).filter(Boolean);
  return words.slice(1).filter((word, i) => {
    const bare = word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, "");
    if (!/^\p{Lu}/u.test(bare)) return false;
    const afterSentence = /[.!?]["”’)]?$/.test(words[i]!);
    const pronoun = /^I(['’](m|ve|d|ll))?$/.test(bare);
    const acronym = /^[\p{Lu}\d]{2,}s?$/u.test(bare);
    return !(afterSentence || pronoun || acronym || PROPER_NOUNS.has(bare));
  });
}

/** Every string under a `label` key, with where it is. */
function labels(value: unknown, at: string): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => labels(v, `${at}.${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => (key === "label" && typeof v === "string" ? [[at, v] as [string, string]] : labels(v, `${at}.${key}`)));
}

const flows = await readFlows(join(process.cwd(), "flows"));
if (!flows.ok) throw new Error(flows.problems.map(formatProblem).join("\n"));

describe("labels are in sentence case", () => {
  it("tells Title Case from sentence case, proper nouns and acronyms", () => {
    expect(titleCaseWords("Neither Accurate Nor Inaccurate")).toEqual(["Accurate", "Nor", "Inaccurate"]);
    expect(titleCaseWords("Neither accurate nor inaccurate")).toEqual([]);
    expect(titleCaseWords("Nothing much: I am ready, I'm sure")).toEqual([]);
    expect(titleCaseWords("An up-to-date CV and PTSD care")).toEqual([]);
    expect(titleCaseWords("Not yet. Maybe on Monday")).toEqual([]);
    expect(titleCaseWords("Very (Mostly) True")).toEqual(["(Mostly)", "True"]);
  });

  for (const flow of flows.flows) {
    it(`${flow.file}: every label`, () => {
      const found = labels(flow, flow.code);
      expect(found.length).toBeGreaterThan(0);
      const title = found.filter(([, label]) => titleCaseWords(label).length > 0).map(([at, label]) => `${at}: "${label}"`);
      expect(title).toEqual([]);
    });
  }
});
