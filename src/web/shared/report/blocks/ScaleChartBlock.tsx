import { useId } from "react";
import type { ReportScale } from "../../../../../schemas/report/document.ts";
import { directionText, percentText } from "../format.ts";
import { ScaleBar } from "../ScaleBar.tsx";
import { ScaleName } from "./ScaleName.tsx";
import type { BlockProps } from "./types.ts";

/** The one direction every scale of a chart shares, or null when they differ (then each row says its own). */
function sharedDirection(scales: ReportScale[]): ReportScale["higher_is"] | null {
  const first = scales[0]?.higher_is;
  return first && scales.every((s) => s.higher_is === first) ? first : null;
}

/**
 * Scales as a bar chart, in the order given (highest first). A figure with its caption; every bar
 * has its name, percent and band written beside it, so a screen reader and a printout get the numbers.
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
              <span className="report-chart__value">{percentText(scale.percent)}</span>
            </li>
          );
        })}
      </ol>
      <div className="report-chart__axis" aria-hidden="true">
        <span>0%</span>
        <span>50%</span>
        <span>100%</span>
      </div>
      <figcaption id={captionId} className="report-chart__caption">
        {block.caption}
        {sharedWords && <span className="report-chart__direction"> {sharedWords}.</span>}
      </figcaption>
    </figure>
  );
}
