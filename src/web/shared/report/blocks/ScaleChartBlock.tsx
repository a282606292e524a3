import { useId } from "react";
import type { ReportScale } from "#schemas/report/document.ts";
import { directionText, levelText } from "../format.ts";
import { ScaleBar } from "../ScaleBar.tsx";
import { ScaleName } from "./ScaleName.tsx";
import type { BlockProps } from "./types.ts";

/** The one direction every scale of a chart shares, or null when they differ (then each row says its own). */
function sharedDirection(scales: ReportScale[]): ReportScale["higher_is"] | null {
  const first = scales[0]?.higher_is;
  return first && scales.every((s) => s.higher_is === first) ? first : null;
}

/** The axis under the bars: scores read against bands on their own shared range (0, 10.5, 21), else percent. */
function axisOf(scales: ReportScale[]): string[] {
  const first = scales[0];
  const shared = first && scales.every((s) => s.band && s.min === first.min && s.max === first.max);
  if (!shared) return ["0%", "50%", "100%"];
  const mid = (first.min + first.max) / 2;
  return [first.min, mid, first.max].map((n) => (Number.isInteger(n) ? String(n) : n.toFixed(1)));
}

/**
 * Scales as a bar chart, in the order given (highest first). A figure with its caption; every bar
 * has its name, level (score or percent) and band written beside it, so a screen reader and a printout get the numbers.
 */
export function ScaleChartBlock({ block }: BlockProps<"scale_chart">) {
  const shared = sharedDirection(block.scales);
  const sharedWords = shared && directionText(shared);
  // In a profile (letters), the top three areas are drawn strong and the rest soft, in one colour family.
  const profile = block.scales.some((s) => s.letter);
  const captionId = useId();
  return (
    <figure className="report-chart" aria-labelledby={captionId}>
      <ol className="report-chart__rows">
        {block.scales.map((scale) => {
          const rowWords = shared ? null : directionText(scale.higher_is);
          return (
            <li key={scale.id} className="report-chart__row">
              <span className="report-chart__label">
                <ScaleName scale={scale} />
                {(scale.band || rowWords) && (
                  <span className="report-chart__notes">
                    {scale.band && <span className="report-band">{scale.band.label}</span>}
                    {rowWords && <span className="report-chart__direction">{rowWords}</span>}
                  </span>
                )}
              </span>
              <span className="report-chart__bar">
                <ScaleBar percent={scale.percent} tone={profile && scale.rank > 3 ? "soft" : "strong"} ticks />
              </span>
              <span className="report-chart__value">{levelText(scale)}</span>
            </li>
          );
        })}
      </ol>
      <div className="report-chart__axis" aria-hidden="true">
        {axisOf(block.scales).map((tick) => (
          <span key={tick}>{tick}</span>
        ))}
      </div>
      <figcaption id={captionId} className="report-chart__caption">
        {block.caption}
        {sharedWords && <span className="report-chart__direction"> {sharedWords}.</span>}
      </figcaption>
    </figure>
  );
}
