import type { ScaleView } from "#web/funnel/frame/view-model.ts";

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * The visitor's scales as labelled bars, highest first; each bar has a text equivalent. A scale
 * read against bands shows its band and its own score (17 of 21); a profile shows percentages. The
 * first `highlight` bars are drawn as the top (none for a flat profile, ADR 036).
 */
export function ScaleBars({ scales, limit, highlight = 3 }: { scales: ScaleView[]; limit?: number; highlight?: number }) {
  return (
    <ol className="scale-bars">
      {scales.slice(0, limit).map((scale, index) => {
        const percent = Math.round(scale.share * 100);
        const value = scale.band ? `${number(scale.score)} of ${number(scale.max)}` : `${percent}%`;
        return (
          <li key={scale.id} className="scale-bars__item" data-top={index < highlight || undefined}>
            <div className="scale-bars__head">
              <span className="scale-bars__name">{scale.name}</span>
              <span className="scale-bars__value">
                {scale.band && <span className="scale-bars__band">{scale.band.label}</span>}
                {value}
              </span>
            </div>
            <div className="scale-bars__track" role="img" aria-label={`${scale.name}: ${scale.band ? `${scale.band.label}, ${value}` : `${percent} percent`}`}>
              <div className="scale-bars__fill" style={{ width: `${Math.max(percent, 2)}%` }} />
            </div>
            {scale.description && <p className="scale-bars__description">{scale.description}</p>}
          </li>
        );
      })}
    </ol>
  );
}
