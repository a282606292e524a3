import { useId } from "react";
import { formatHours, type auditRows } from "./weekly-audit.ts";

const LABEL = 18;
const BAR = 14;
const GAP = 3;
const ROW = LABEL + BAR * 2 + GAP + 14;
/** The longest bar leaves room for its number after it. */
const SPAN = 82;

/**
 * Spent against wanted hours per category as horizontal bars. Widths are percentages and text is
 * in pixels, so the chart stays legible from a phone to a desktop; its description and the
 * numbers beside the bars say what the bars show.
 */
export function AuditChart({ rows }: { rows: ReturnType<typeof auditRows> }) {
  const id = useId();
  const max = Math.max(0, ...rows.flatMap((r) => [r.spent, r.wanted]));
  const pct = (h: number) => (max === 0 ? 0 : (SPAN * h) / max);
  const description = rows.map((r) => `${r.label}: ${formatHours(r.spent)} spent, ${formatHours(r.wanted)} wanted`).join(". ");

  return (
    <figure className="tool-widget__part audit-chart">
      <figcaption id={`${id}-title`} className="tool-widget__title">
        Spent and wanted, side by side
      </figcaption>
      <p className="audit-chart__legend" aria-hidden="true">
        <span className="audit-chart__key audit-chart__key--spent" /> Spent <span className="audit-chart__key audit-chart__key--wanted" /> Wanted
      </p>
      {max === 0 && <p className="tool-widget__empty">The bars appear as you enter hours.</p>}
      <svg className="audit-chart__svg" width="100%" height={rows.length * ROW} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <desc id={`${id}-desc`}>{description}.</desc>
        {rows.map((r, i) => {
          const y = i * ROW;
          const bars = [
            { kind: "spent", hours: r.spent, top: y + LABEL },
            { kind: "wanted", hours: r.wanted, top: y + LABEL + BAR + GAP },
          ];
          return (
            <g key={r.id} aria-hidden="true">
              <text x={0} y={y + 13} className="audit-chart__label">
                {r.label}
              </text>
              {bars.map((b) => (
                <g key={b.kind}>
                  <rect x={0} y={b.top} width={`${pct(b.hours)}%`} height={BAR} rx={3} className={`audit-chart__bar audit-chart__bar--${b.kind}`} />
                  <text x={`${pct(b.hours)}%`} dx={b.hours > 0 ? 6 : 0} y={b.top + BAR - 3} className="audit-chart__value">
                    {formatHours(b.hours)}
                  </text>
                </g>
              ))}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
