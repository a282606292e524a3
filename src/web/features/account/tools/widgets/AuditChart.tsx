import { useId } from "react";
import { formatHours, type auditRows } from "./weekly-audit.ts";

const BAR = 14;
const GAP = 4;
const ROW = BAR * 2 + GAP + 18;
const LABEL = 150;
const WIDTH = 520;

/** Spent against wanted hours per category as horizontal bars; the SVG's description and the visible numbers say the same. */
export function AuditChart({ rows }: { rows: ReturnType<typeof auditRows> }) {
  const id = useId();
  const max = Math.max(1, ...rows.flatMap((r) => [r.spent, r.wanted]));
  const scale = (h: number) => ((WIDTH - LABEL - 60) * h) / max;
  const height = rows.length * ROW + 8;
  const description = rows.map((r) => `${r.label}: ${formatHours(r.spent)} spent, ${formatHours(r.wanted)} wanted`).join(". ");

  return (
    <figure className="tool-widget__part audit-chart">
      <figcaption id={`${id}-title`} className="tool-widget__title">
        Spent and wanted, side by side
      </figcaption>
      <p className="audit-chart__legend" aria-hidden="true">
        <span className="audit-chart__key audit-chart__key--spent" /> Spent <span className="audit-chart__key audit-chart__key--wanted" /> Wanted
      </p>
      <svg
        className="audit-chart__svg"
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMinYMin meet"
      >
        <desc id={`${id}-desc`}>{description}.</desc>
        {rows.map((r, i) => {
          const y = i * ROW + 4;
          return (
            <g key={r.id} aria-hidden="true">
              <text x={0} y={y + BAR + 2} className="audit-chart__label">
                {r.label.length > 20 ? `${r.label.slice(0, 19)}…` : r.label}
              </text>
              <rect x={LABEL} y={y} width={scale(r.spent)} height={BAR} rx={3} className="audit-chart__bar audit-chart__bar--spent" />
              <text x={LABEL + scale(r.spent) + 6} y={y + BAR - 3} className="audit-chart__value">
                {formatHours(r.spent)}
              </text>
              <rect x={LABEL} y={y + BAR + GAP} width={scale(r.wanted)} height={BAR} rx={3} className="audit-chart__bar audit-chart__bar--wanted" />
              <text x={LABEL + scale(r.wanted) + 6} y={y + BAR * 2 + GAP - 3} className="audit-chart__value">
                {formatHours(r.wanted)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
