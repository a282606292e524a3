import type { ReportScale } from "#schemas/report/document.ts";
import type { ReportTemplate } from "#schemas/report/template.ts";
import type { CompiledFlow, Scores } from "../flow/types.ts";

/**
 * The flow's scales as the report shows them, highest first: position in the scale's own range
 * (0–100), band, letter, and a rank in which equal positions share a place (1, 1, 3 …). Ties keep
 * the order the flow declares, so the same answers always give the same order. What the report may
 * say about that order (ahead, level, flat) is the claims rule's (claims.ts), not the rank's. Only
 * the letter and `higher_is` come from the template: without its scales (`{ scales: {} }`, the
 * browser's pre-checkout) the positions and the order are the same.
 */
export function reportScales(flow: CompiledFlow, template: Pick<ReportTemplate, "scales">, scores: Scores): ReportScale[] {
  const declared = flow.scoring?.scales ?? [];
  const rows = declared.flatMap((scale, index) => {
    const score = scores.scales.find((s) => s.id === scale.id);
    if (!score) return [];
    const percent = score.max > score.min ? Math.round(((score.score - score.min) / (score.max - score.min)) * 100) : 0;
    const band = score.band ? scale.bands?.find((b) => b.id === score.band) : undefined;
    const copy = template.scales[scale.id];
    return [
      {
        index,
        row: {
          id: scale.id,
          name: textOf(scale.name),
          letter: copy?.letter ?? null,
          score: score.score,
          min: score.min,
          max: score.max,
          percent,
          band: band ? { id: band.id, label: textOf(band.label) } : null,
          higher_is: copy?.higher_is ?? "neutral",
          rank: 0,
        },
      },
    ];
  });
  rows.sort((a, b) => b.row.percent - a.row.percent || a.index - b.index);
  return rows.map(({ row }) => ({ ...row, rank: 1 + rows.filter((other) => other.row.percent > row.percent).length }));
}

/** Flow texts are plain strings or catalogue references; reports use the plain ones. */
const textOf = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "object" && value && "code" in value ? String(value.code) : "";
