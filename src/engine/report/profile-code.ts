import type { ReportBlock, ReportScale } from "#schemas/report/document.ts";
import type { Shape } from "./claims.ts";
import { nameInSentence, namesOf, sentenceCase } from "./scale-names.ts";

type ProfileCode = Extract<ReportBlock, { kind: "profile_code" }>;

const apart = (a: ReportScale, b: ReportScale, gap: number) =>
  a.percent === b.percent ? `both at ${a.percent}%` : `${a.percent}% and ${b.percent}%, less than ${gap} points apart`;

/** How far a scale left out is from the letters it is level with: each pair's positions, or "all at" when equal. */
const apartFromAll = (near: readonly ReportScale[], out: ReportScale, gap: number) =>
  near.length === 1
    ? apart(near[0]!, out, gap)
    : near.every((c) => c.percent === out.percent)
      ? `all at ${out.percent}%`
      : `${out.percent}% against ${near.map((c) => `${c.percent}%`).join(", ")}, each less than ${gap} points apart`;

/**
 * The letters of the `length` highest scales (scales are already highest first), or null for a
 * flat profile, which has no code (claims rule). Scales level with each other under the rule are
 * said out loud, not hidden: two letters inside the code could be read in either order, and a
 * scale left out but level with a letter could stand in for it. `level` lists those pairs by id.
 */
export function profileCode(scales: readonly ReportScale[], length: number, shape: Shape): (ProfileCode & { level: [string, string][] }) | null {
  if (shape.flat) return null;
  const lettered = scales.filter((s) => s.letter);
  const chosen = lettered.slice(0, length);
  const left = lettered.slice(length);
  const notes: string[] = [];
  const level: [string, string][] = [];
  for (const [i, a] of chosen.entries()) {
    for (const b of chosen.slice(i + 1)) {
      if (a.percent - b.percent >= shape.gap) continue;
      level.push([a.id, b.id]);
      notes.push(sentenceCase(`${namesOf([a, b])} are level (${apart(a, b, shape.gap)}), so ${a.letter} and ${b.letter} could be read in either order.`));
    }
  }
  for (const out of left) {
    const near = chosen.filter((c) => c.percent - out.percent < shape.gap);
    if (near.length === 0) continue;
    for (const c of near) level.push([c.id, out.id]);
    notes.push(
      sentenceCase(
        `${nameInSentence(out)} is level with ${namesOf(near)} (${apartFromAll(near, out, shape.gap)}), so ${out.letter} could stand in for ${near.map((c) => c.letter).join(" or ")} in your code. Read the professions for ${near.length === 1 ? "both" : "each"}.`,
      ),
    );
  }
  return {
    kind: "profile_code",
    code: chosen.map((s) => s.letter).join(""),
    letters: chosen.map((s) => ({ letter: s.letter!, name: s.name, percent: s.percent })),
    ties: notes.length > 0 ? notes.join(" ") : null,
    level,
  };
}
