import { ScaleName } from "./blocks/ScaleName.tsx";
import { directionText, percentText } from "./format.ts";
import { Heading } from "./heading-level.tsx";
import { ScaleBar } from "./ScaleBar.tsx";
import type { TeaserTopArea } from "./teaser.ts";

/** The one area a teaser shows: its name, level and bar, what it measures and what it means. */
export function TopArea({ top }: { top: TeaserTopArea }) {
  const direction = directionText(top.scale.higher_is);
  return (
    <div className="report-top">
      <p className="report-top__label">Your top area</p>
      <div className="report-top__level">
        <Heading depth={1} className="report-top__name">
          <ScaleName scale={top.scale} />
        </Heading>
        <p className="report-top__value">
          <span className="report-top__percent">{percentText(top.scale.percent)}</span>
          {top.scale.band && <span className="report-band">{top.scale.band.label}</span>}
        </p>
      </div>
      <ScaleBar percent={top.scale.percent} size="lg" />
      {direction && <p className="report-detail__direction">{direction}</p>}
      {top.about && <p className="report-top__about">{top.about}</p>}
      {top.meaning && (
        <p className="report-top__meaning">
          <span className="report-detail__label">What it means for you</span>
          {top.meaning}
        </p>
      )}
    </div>
  );
}

/** Said under the top area: the rest of its section comes with the report. */
export const TOP_AREA_LOCKED = "Your other areas and their scores are unlocked with your report";
