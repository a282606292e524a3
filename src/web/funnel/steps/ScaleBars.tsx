import type { ScaleView } from "../view-model.ts";

/** The visitor's scales as labelled bars, highest first; each bar has a text equivalent. */
export function ScaleBars({ scales, limit }: { scales: ScaleView[]; limit?: number }) {
  return (
    <ol className="scale-bars">
      {scales.slice(0, limit).map((scale, index) => {
        const percent = Math.round(scale.share * 100);
        return (
          <li key={scale.id} className="scale-bars__item" data-top={index < 3 || undefined}>
            <div className="scale-bars__head">
              <span className="scale-bars__name">{scale.name}</span>
              <span className="scale-bars__value">{percent}%</span>
            </div>
            <div className="scale-bars__track" role="img" aria-label={`${scale.name}: ${percent} percent`}>
              <div className="scale-bars__fill" style={{ width: `${Math.max(percent, 2)}%` }} />
            </div>
            {scale.description && <p className="scale-bars__description">{scale.description}</p>}
          </li>
        );
      })}
    </ol>
  );
}
