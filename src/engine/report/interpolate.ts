import type { ReportScale } from "../../../schemas/report/document.ts";

/**
 * The variables a template text may use. `top1` … `lowest` are scale names by rank; for the top
 * scale also its score, the highest score it can reach and its band's label (levels reports).
 */
export const TEMPLATE_VARIABLES = ["first_name", "code", "top1", "top2", "top3", "lowest", "flow_title", "top1_score", "top1_max", "top1_band"] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

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
export function variablesFor(input: { firstName: string | null; code: string; scales: readonly ReportScale[]; flowTitle: string }): Record<string, string> {
  const byRank = input.scales;
  const perScale = byRank.flatMap((s): [string, string][] => [
    [`score:${s.id}`, number(s.score)],
    [`max:${s.id}`, number(s.max)],
    [`band:${s.id}`, s.band?.label.toLowerCase() ?? ""],
  ]);
  return {
    ...Object.fromEntries(perScale),
    first_name: input.firstName ?? "",
    code: input.code,
    top1: byRank[0]?.name ?? "",
    top2: byRank[1]?.name ?? "",
    top3: byRank[2]?.name ?? "",
    lowest: byRank.at(-1)?.name ?? "",
    flow_title: input.flowTitle,
    top1_score: byRank[0] ? number(byRank[0].score) : "",
    top1_max: byRank[0] ? number(byRank[0].max) : "",
    top1_band: byRank[0]?.band?.label.toLowerCase() ?? "",
  };
}

/** A score as people write it: whole numbers plainly, others to one decimal. */
const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Replaces {{name}} with its value; the template check guarantees every name is known. */
export const interpolate = (text: string, values: Record<string, string>) => text.replace(VARIABLE, (_m, name: string) => values[name] ?? "");
