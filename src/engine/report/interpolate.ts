import type { ReportScale } from "#schemas/report/document.ts";
import type { Shape } from "./claims.ts";
import { nameInSentence, namesOf, sentenceCase } from "./scale-names.ts";

/**
 * The variables a template text may use. The comparative ones follow the claims rule (claims.ts):
 * `highest`, `lowest` and `most_marked` name the scale at that end, or every scale level with it;
 * `highest_*` / `top1*` and `most_marked_*` are that scale's score, the most it can reach and its
 * band's label (levels reports), for a single scale; `code` is the profile code. A text using one
 * must be conditioned on the rule's outcome (COMPARATIVE below; the template check enforces it).
 */
export const TEMPLATE_VARIABLES = [
  "first_name",
  "flow_title",
  "code",
  "highest",
  "lowest",
  "most_marked",
  "highest_score",
  "highest_max",
  "highest_band",
  "most_marked_score",
  "most_marked_max",
  "most_marked_band",
  "top1",
  "top1_score",
  "top1_max",
  "top1_band",
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/**
 * What a text using each comparative variable must be conditioned on: the claim and the outcomes
 * it may have (a name list reads for one scale or a tie; a score only for one scale). `code` needs
 * a profile that is not flat. In a flow with one scale nothing is compared, so none is needed.
 */
export const COMPARATIVE: Partial<Record<TemplateVariable, { claim: "highest" | "lowest" | "most_marked" | "flat"; outcomes: readonly ("one" | "tie")[] }>> = {
  code: { claim: "flat", outcomes: [] },
  highest: { claim: "highest", outcomes: ["one", "tie"] },
  lowest: { claim: "lowest", outcomes: ["one", "tie"] },
  most_marked: { claim: "most_marked", outcomes: ["one", "tie"] },
  highest_score: { claim: "highest", outcomes: ["one"] },
  highest_max: { claim: "highest", outcomes: ["one"] },
  highest_band: { claim: "highest", outcomes: ["one"] },
  most_marked_score: { claim: "most_marked", outcomes: ["one"] },
  most_marked_max: { claim: "most_marked", outcomes: ["one"] },
  most_marked_band: { claim: "most_marked", outcomes: ["one"] },
  top1: { claim: "highest", outcomes: ["one"] },
  top1_score: { claim: "highest", outcomes: ["one"] },
  top1_max: { claim: "highest", outcomes: ["one"] },
  top1_band: { claim: "highest", outcomes: ["one"] },
};

/**
 * Variables about one named scale, whatever its rank: `{{score:stress}}`, `{{max:stress}}`,
 * `{{band:stress}}` (the band's label in lower case). For reports whose scales point different
 * ways (higher stress is worse, higher recovery better), where rank says little.
 */
export const SCALE_VARIABLES = ["score", "max", "band"] as const;

const VARIABLE = /\{\{\s*([a-z0-9_]+(?::[a-z][a-z0-9_-]*)?)\s*\}\}/g;

/** The {{names}} a text uses, for the template check. */
export const variablesIn = (text: string): string[] => [...text.matchAll(VARIABLE)].map((m) => m[1]!);

/** The values of the variables for one report. */
export function variablesFor(input: {
  firstName: string | null;
  code: string;
  scales: readonly ReportScale[];
  shape: Shape;
  flowTitle: string;
}): Record<string, string> {
  const perScale = input.scales.flatMap((s): [string, string][] => [
    [`score:${s.id}`, number(s.score)],
    [`max:${s.id}`, number(s.max)],
    [`band:${s.id}`, s.band?.label.toLowerCase() ?? ""],
  ]);
  const { highest, lowest, mostMarked } = input.shape;
  // One scale: nothing is compared, and it is its own highest.
  const lead = input.scales.length === 1 ? input.scales[0] : highest?.outcome === "one" ? highest.scales[0] : undefined;
  const marked = mostMarked?.outcome === "one" ? mostMarked.scales[0] : undefined;
  const about = (prefix: string, s: ReportScale | undefined): Record<string, string> => ({
    [`${prefix}_score`]: s ? number(s.score) : "",
    [`${prefix}_max`]: s ? number(s.max) : "",
    [`${prefix}_band`]: s?.band?.label.toLowerCase() ?? "",
  });
  return {
    ...Object.fromEntries(perScale),
    first_name: input.firstName ?? "",
    flow_title: input.flowTitle,
    code: input.code,
    highest: highest ? namesOf(highest.scales) : lead ? nameInSentence(lead) : "",
    lowest: lowest ? namesOf(lowest.scales) : "",
    most_marked: mostMarked ? namesOf(mostMarked.scales) : "",
    ...about("highest", lead),
    ...about("most_marked", marked),
    top1: lead ? nameInSentence(lead) : "",
    ...about("top1", lead),
  };
}

/** A score as people write it: whole numbers plainly, others to one decimal. */
const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * Replaces {{name}} with its value; the template check guarantees every name is known. A value
 * that starts a sentence starts with a capital (scale names are lower case mid-sentence, scale-names.ts).
 */
export const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(VARIABLE, (_m, name: string, at: number) => {
    const value = values[name] ?? "";
    return /(?:^|[.!?]\s+)$/.test(text.slice(0, at)) ? sentenceCase(value) : value;
  });
