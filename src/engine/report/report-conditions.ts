import type { ReportScale } from "#schemas/report/document.ts";
import type { ReportCondition, ReportWhen } from "#schemas/report/template.ts";
import type { Answers } from "../flow/types.ts";
import { claimRank, type Shape } from "./claims.ts";

export type ConditionContext = { scales: readonly ReportScale[]; shape: Shape; answers: Answers; firstName: string | null };

/** The conditions of a `when`, as a list. */
export const conditionsOf = (when: ReportWhen | undefined): ReportCondition[] => (!when ? [] : Array.isArray(when) ? when : [when]);

/** Whether every test in the condition, or in each condition of a list, holds (no condition: always). */
export function holds(when: ReportWhen | undefined, ctx: ConditionContext): boolean {
  return conditionsOf(when).every((c) => holdsOne(c, ctx));
}

function holdsOne(condition: ReportCondition, ctx: ConditionContext): boolean {
  if (condition.first_name !== undefined && (ctx.firstName !== null) !== condition.first_name) return false;
  if (condition.flat !== undefined && ctx.shape.flat !== condition.flat) return false;
  if (condition.highest && ctx.shape.highest?.outcome !== condition.highest) return false;
  if (condition.lowest && ctx.shape.lowest?.outcome !== condition.lowest) return false;
  if (condition.most_marked && ctx.shape.mostMarked?.outcome !== condition.most_marked) return false;
  if (condition.rank_of) {
    // Ranked by the claims rule: a scale within the gap of another shares its rank.
    const scale = ctx.scales.find((s) => s.id === condition.rank_of);
    if (!scale) return false;
    const rank = claimRank(scale, ctx.scales, ctx.shape.gap);
    if (condition.at_most !== undefined && rank > condition.at_most) return false;
    if (condition.at_least !== undefined && rank < condition.at_least) return false;
  }
  if (condition.band_of) {
    const band = ctx.scales.find((s) => s.id === condition.band_of)?.band?.id;
    if (!band || !condition.in?.includes(band)) return false;
  }
  if (condition.answer_of) {
    const answer = ctx.answers[condition.answer_of];
    const given = Array.isArray(answer) ? answer : typeof answer === "string" || typeof answer === "number" ? [String(answer)] : [];
    if (!given.some((a) => condition.in?.includes(a))) return false;
  }
  return true;
}
