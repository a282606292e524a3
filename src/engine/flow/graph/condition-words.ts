import type { Condition } from "#schemas/flow/condition.ts";

const list = (values: readonly (string | number)[]) => values.map(String).join(", ");

/** A branch's condition in a line a growth team reads on the funnel graph: `situation is student`, `variant offer is b`. */
export function conditionWords(c: Condition): string {
  if ("equals" in c) return `${c.equals.step} is ${c.equals.value}`;
  if ("in" in c) return `${c.in.step} is one of ${list(c.in.values)}`;
  if ("answered" in c) return `${c.answered} answered`;
  if ("variant" in c) return `variant ${c.variant.experiment} is ${c.variant.is}`;
  if ("score" in c) {
    const { scale, gte, gt, lte, lt } = c.score;
    const parts = [gte !== undefined && `≥ ${gte}`, gt !== undefined && `> ${gt}`, lte !== undefined && `≤ ${lte}`, lt !== undefined && `< ${lt}`];
    return `${scale} score ${parts.filter(Boolean).join(" and ")}`;
  }
  if ("not" in c) return `not (${conditionWords(c.not)})`;
  if ("all" in c) return c.all.map(conditionWords).join(" and ");
  return c.any.map(conditionWords).join(" or ");
}
