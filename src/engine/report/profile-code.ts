import type { ReportBlock, ReportScale } from "../../../schemas/report/document.ts";

type ProfileCode = Extract<ReportBlock, { kind: "profile_code" }>;

const names = (scales: readonly ReportScale[]) => {
  const list = scales.map((s) => s.name);
  return list.length <= 2 ? list.join(" and ") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
};

/**
 * The letters of the `length` highest scales (scales are already highest first). Ties are said out
 * loud, not hidden: scales level with each other inside the code could be read in either order, and
 * a scale level with the last letter could take its place.
 */
export function profileCode(scales: readonly ReportScale[], length: number): ProfileCode {
  const lettered = scales.filter((s) => s.letter);
  const chosen = lettered.slice(0, length);
  const code = chosen.map((s) => s.letter).join("");
  const notes: string[] = [];
  const seen = new Set<number>();
  for (const scale of chosen) {
    if (seen.has(scale.percent)) continue;
    seen.add(scale.percent);
    const level = lettered.filter((s) => s.percent === scale.percent);
    if (level.length < 2) continue;
    const inside = level.filter((s) => chosen.includes(s));
    const outside = level.filter((s) => !chosen.includes(s));
    if (outside.length === 0) {
      notes.push(
        `${names(inside)} are level at ${scale.percent}%, so their letters (${inside.map((s) => s.letter).join(", ")}) could be read in either order; they are shown in the usual RIASEC order.`,
      );
    } else {
      const slots = inside.length;
      notes.push(
        `${names(level)} are level at ${scale.percent}%, but only ${slots === 1 ? "one fits" : `${slots} fit`} in a ${length}-letter code: ${outside.map((s) => s.letter).join(" or ")} could stand in for ${inside.map((s) => s.letter).join(" or ")}. Read the professions for both.`,
      );
    }
  }
  return {
    kind: "profile_code",
    code,
    letters: chosen.map((s) => ({ letter: s.letter!, name: s.name, percent: s.percent })),
    ties: notes.length > 0 ? notes.join(" ") : null,
  };
}
