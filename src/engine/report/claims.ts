import type { ReportScale } from "#schemas/report/document.ts";
import type { ClaimOutcome } from "#schemas/report/template.ts";

/**
 * The claims rule (ADR 036): what a report may say when it compares its scales. Positions are
 * 0–100 within each scale's own range. A scale is ahead of another only when it leads by at
 * least `gap` points; closer scales are level. The highest, lowest and most marked (farthest from
 * the middle of its range) are the scale at that end and every scale level with it, measured from
 * that end (ADR 050); a scale level with the highest is not named among the lowest. A profile
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
  const highest = groupOf(scales, (s) => s.percent, gap);
  return {
    gap,
    flat,
    highest,
    // Measured from the bottom, without the scales level with the top: never named at both ends.
    lowest: groupOf(
      scales.filter((s) => !highest.scales.includes(s)),
      (s) => -s.percent,
      gap,
    ),
    mostMarked: groupOf(scales, markedness, gap),
  };
}

/** A scale's rank from one end: 1 + how many of `others` lead it by the gap or more (`dir` 1: from the top; -1: from the bottom). */
const rankFrom = (scale: ReportScale, others: readonly ReportScale[], gap: number, dir: 1 | -1) =>
  1 + others.filter((other) => dir * (other.percent - scale.percent) >= gap).length;

/** A scale's rank under the rule: 1 + the number of scales ahead of it by the gap or more. */
export const claimRank = (scale: ReportScale, scales: readonly ReportScale[], gap: number) => rankFrom(scale, scales, gap, 1);

/**
 * The `k` highest scales, measured from the top and never along a chain (ADR 050): every scale
 * whose rank under the rule is `k` or better, that is, fewer than `k` scales lead it by the gap.
 * Each scale is placed by its own distance from those above it, so a staircase of small steps
 * does not pull in scales far below the top. In chart order; none when flat.
 */
export function topOf(scales: readonly ReportScale[], k: number, shape: Shape): ReportScale[] {
  if (shape.flat || k < 1) return [];
  return scales.filter((s) => claimRank(s, scales, shape.gap) <= k);
}

/**
 * The `k` lowest scales, measured from the bottom the same way, among the scales neither level
 * with the highest (a scale is never named at both ends) nor in `above`: every such scale that
 * fewer than `k` of them trail by the gap or more. In chart order; none when flat.
 */
export function bottomOf(scales: readonly ReportScale[], k: number, shape: Shape, above: readonly ReportScale[] = []): ReportScale[] {
  if (shape.flat || k < 1) return [];
  const pool = scales.filter((s) => !(shape.highest?.scales ?? []).includes(s) && !above.includes(s));
  return pool.filter((s) => rankFrom(s, pool, shape.gap, -1) <= k);
}

/**
 * Top: one of the two highest (rank 1 or 2 from the top); bottom (with more than three scales):
 * one of the two lowest of the rest (rank 1 or 2 from the bottom); level: a flat profile.
 */
export function placeOf(scale: ReportScale, scales: readonly ReportScale[], shape: Shape): Place {
  if (shape.flat) return "level";
  const top = topOf(scales, 2, shape);
  if (top.includes(scale)) return "top";
  return scales.length > 3 && bottomOf(scales, 2, shape, top).includes(scale) ? "bottom" : "middle";
}
