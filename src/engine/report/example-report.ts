import type { ReportDocument } from "#schemas/report/document.ts";
import { scoreAnswers } from "../flow/score.ts";
import type { Scores } from "../flow/types.ts";
import { buildReport, type ReportInput } from "./build-report.ts";

/** The date an example report carries: fixed, so its bytes (and its PDF) never change between builds. */
export const EXAMPLE_DATE = new Date("2026-01-15T12:00:00.000Z");

/**
 * The scores of the template's imagined profile: each scale at its example position of its own
 * range. `positions` (scale id → 0–100) sets some or all scales elsewhere (the console's preview).
 */
export function exampleScores(input: Pick<ReportInput, "flow" | "template">, positions: Readonly<Record<string, number>> = {}): Scores {
  const at = { ...input.template.example.positions, ...positions };
  const empty = scoreAnswers(input.flow, {});
  const scales = empty.scales.map((s) => {
    const position = at[s.id] ?? 0;
    const score = Math.round((s.min + ((s.max - s.min) * position) / 100) * 100) / 100;
    const band = input.flow.scoring?.scales
      .find((x) => x.id === s.id)
      ?.bands?.filter((b) => b.from <= score)
      .at(-1)?.id;
    return { ...s, score, answered: s.items, ...(band ? { band } : {}) };
  });
  const share = (id: string) => at[id] ?? 0;
  const ranking = scales.map((s) => s.id).sort((a, b) => share(b) - share(a));
  return { scales, ranking };
}

/**
 * The example report of a template, for people who have none yet: the imagined profile, no name,
 * a fixed date, and "Example report" in its subtitle so it is never mistaken for someone's own.
 */
export function buildExampleReport(input: Omit<ReportInput, "answers" | "scores" | "firstName" | "completedAt" | "resultId">): ReportDocument {
  const doc = buildReport({ ...input, answers: {}, scores: exampleScores(input), firstName: null, completedAt: EXAMPLE_DATE, resultId: null });
  return { ...doc, cover: { ...doc.cover, subtitle: `Example report for an imagined profile · ${input.template.subtitle}` } };
}
