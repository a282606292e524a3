import type { ReportScale } from "../../../schemas/report/document.ts";
import type { ReportCondition, ReportWhen } from "../../../schemas/report/template.ts";
import type { Answers } from "../flow/types.ts";

export type ConditionContext = { scales: readonly ReportScale[]; answers: Answers; firstName: string | null };

/** Whether every test in the condition, or in each condition of a list, holds (no condition: always). */
export function holds(when: ReportWhen | undefined, ctx: ConditionContext): boolean {
  if (!when) return true;
  return Array.isArray(when) ? when.every((c) => holdsOne(c, ctx)) : holdsOne(when, ctx);
}

function holdsOne(condition: ReportCondition, ctx: ConditionContext): boolean {
  if (condition.first_name !== undefined && (ctx.firstName !== null) !== condition.first_name) return false;
  if (condition.rank_of) {
    const rank = ctx.scales.find((s) => s.id === condition.rank_of)?.rank;
    if (rank === undefined) return false;
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
