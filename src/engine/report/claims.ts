import type { ReportScale } from "#schemas/report/document.ts";
import type { ClaimOutcome } from "#schemas/report/template.ts";

/**
 * The claims rule (ADR 036): what a report may say when it compares its scales. Positions are
 * 0–100 within each scale's own range. A scale is ahead of another only when it leads by at
 * least `gap` points; closer scales are level. The highest, lowest and most marked (farthest from
 * the middle of its range) are the scale at that end and every scale level with it. A profile
 * whose scales are all level is flat: it has no highest, lowest or most marked scale and no code.
 */

/** A comparison's result: one scale alone, or several level with each other (first as charted). */
type Group = { outcome: ClaimOutcome; scales: ReportScale[] };

export type Shape = {
  gap: number;
  flat: boolean;
  /** Null when the profile is flat. */
  highest: Group | null;
  lowest: Group | null;
  mostMarked: Group | null;
};

/** Where a scale sits in a profile-style report: its meaning text is keyed by this. */
export type Place = "top" | "middle" | "bottom" | "level";

/** How far a scale is from the middle of its range, 0–50: how marked it is. */
const markedness = (scale: Pick<ReportScale, "percent">) => Math.abs(scale.percent - 50);

const groupOf = (scales: readonly ReportScale[], measure: (s: ReportScale) => number, gap: number): Group => {
  const best = Math.max(...scales.map(measure));
  const level = scales.filter((s) => best - measure(s) < gap);
  return { outcome: level.length === 1 ? "one" : "tie", scales: level };
};

/** The shape of a profile under the rule; `scales` as charted (highest first). One scale is never flat. */
export function shapeOf(scales: readonly ReportScale[], gap: number): Shape {
  const percents = scales.map((s) => s.percent);
  const flat = scales.length > 1 && Math.max(...percents) - Math.min(...percents) < gap;
  if (flat || scales.length === 0) return { gap, flat, highest: null, lowest: null, mostMarked: null };
  return {
    gap,
    flat,
    highest: groupOf(scales, (s) => s.percent, gap),
    lowest: groupOf(scales, (s) => -s.percent, gap),
    mostMarked: groupOf(scales, markedness, gap),
  };
}

/**
 * A set of scales taken from one end of `ordered` (a list sorted from that end): the first `k`,
 * then each next scale while it is level with (less than the gap from) the last one taken, so the
 * set never separates two level scales: everything in it is at least the gap from everything left.
 */
function fromEnd(ordered: readonly ReportScale[], k: number, gap: number): ReportScale[] {
  const taken = ordered.slice(0, k);
  for (const next of ordered.slice(k)) {
    if (Math.abs(taken.at(-1)!.percent - next.percent) >= gap) break;
    taken.push(next);
  }
  return taken;
}

/** The `k` highest scales and every scale level with one of them, in chart order; none when flat. */
export function topOf(scales: readonly ReportScale[], k: number, shape: Shape): ReportScale[] {
  if (shape.flat || k < 1 || scales.length === 0) return [];
  const set = fromEnd(scales, k, shape.gap);
  return scales.filter((s) => set.includes(s));
}

/**
 * The `k` lowest scales and every scale level with one of them, among the scales neither level
 * with the highest (they cannot be called weak) nor in `above`; in chart order; none when flat.
 */
export function bottomOf(scales: readonly ReportScale[], k: number, shape: Shape, above: readonly ReportScale[] = []): ReportScale[] {
  if (shape.flat || k < 1) return [];
  const pool = scales.filter((s) => !(shape.highest?.scales ?? []).includes(s) && !above.includes(s));
  if (pool.length === 0) return [];
  const set = fromEnd([...pool].reverse(), k, shape.gap);
  return scales.filter((s) => set.includes(s));
}

/**
 * Top: the two highest, or level with one of them; bottom (with more than three scales): the two
 * lowest of the rest, or level with one of them; level: a flat profile.
 */
export function placeOf(scale: ReportScale, scales: readonly ReportScale[], shape: Shape): Place {
  if (shape.flat) return "level";
  const top = topOf(scales, 2, shape);
  if (top.includes(scale)) return "top";
  return scales.length > 3 && bottomOf(scales, 2, shape, top).includes(scale) ? "bottom" : "middle";
}

/** A scale's rank under the rule: 1 + the number of scales ahead of it by the gap or more. */
export const claimRank = (scale: ReportScale, scales: readonly ReportScale[], gap: number) =>
  1 + scales.filter((other) => other.percent - scale.percent >= gap).length;

/** Names as people list them: "A", "A and B", "A, B and C". */
export const namesOf = (scales: readonly Pick<ReportScale, "name">[]) => {
  const list = scales.map((s) => s.name);
  return list.length <= 2 ? list.join(" and ") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
};
