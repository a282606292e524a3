import type { Scale } from "#schemas/flow/scoring.ts";
import { answerNumber, answerRange } from "./answer-number.ts";
import type { Answers, CompiledFlow, ScaleScore, Scores } from "./types.ts";

const itemOf = (item: Scale["items"][number]) => (typeof item === "string" ? { step: item, reverse: false } : item);

function scoreScale(flow: CompiledFlow, scale: Scale, answers: Answers): ScaleScore {
  let total = 0;
  let min = 0;
  let max = 0;
  let answered = 0;
  for (const { step: stepId, reverse } of scale.items.map(itemOf)) {
    const step = flow.steps.find((s) => s.id === stepId);
    const range = step ? answerRange(step, flow.answerSets) : null;
    if (!step || !range) continue;
    min += range.min;
    max += range.max;
    const value = answerNumber(step, answers[stepId]);
    if (value === null) continue;
    answered += 1;
    total += reverse ? range.min + range.max - value : value;
  }
  const items = scale.items.length;
  const score = scale.method === "mean" ? (answered ? total / answered : 0) : total;
  const [lo, hi] = scale.method === "mean" ? [items ? min / items : 0, items ? max / items : 0] : [min, max];
  const band = scale.bands?.filter((b) => b.from <= score).at(-1)?.id;
  return { id: scale.id, score: round(score), min: round(lo), max: round(hi), answered, items, ...(band ? { band } : {}) };
}

const round = (n: number) => Math.round(n * 100) / 100;
const share = (s: ScaleScore) => (s.max > s.min ? (s.score - s.min) / (s.max - s.min) : 0);

/**
 * Scores every scale of the flow from the answers given so far. The ranking compares each
 * scale's position within its own range, so scales of different lengths compare fairly;
 * ties keep the order the flow declares.
 */
export function scoreAnswers(flow: CompiledFlow, answers: Answers): Scores {
  const scales = (flow.scoring?.scales ?? []).map((scale) => scoreScale(flow, scale, answers));
  const ranking = scales
    .map((s, index) => ({ s, index }))
    .sort((a, b) => share(b.s) - share(a.s) || a.index - b.index)
    .map(({ s }) => s.id);
  return { scales, ranking };
}
