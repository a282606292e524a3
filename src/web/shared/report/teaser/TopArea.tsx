import { ScaleName } from "../blocks/ScaleName.tsx";
import { directionText, levelText } from "../format.ts";
import { Heading } from "../heading-level.tsx";
import { ScaleBar } from "../ScaleBar.tsx";
import type { TeaserTopArea } from "./teaser.ts";

/**
 * The area a teaser shows: its name, level and bar, what it measures and what it means; with
 * levels, each other scale's band in a line.
 */
export function TopArea({ top }: { top: TeaserTopArea }) {
  const direction = directionText(top.scale.higher_is);
  return (
    <div className="report-top">
      <p className="report-top__label">{top.levels ? "Your level" : top.level.length > 0 ? "Your top areas, level with each other" : "Your top area"}</p>
      <div className="report-top__level">
        <Heading depth={1} className="report-top__name">
          <ScaleName scale={top.scale} />
        </Heading>
        <p className="report-top__value">
          <span className="report-top__percent">{levelText(top.scale)}</span>
          {top.scale.band && <span className="report-band">{top.scale.band.label}</span>}
        </p>
      </div>
      <ScaleBar percent={top.scale.percent} size="lg" />
      {direction && <p className="report-detail__direction">{direction}</p>}
      {top.level.length > 0 && (
        <p className="report-top__level-with">
          {top.levels ? "Equally marked, as far from the middle of its range: " : "Level with it: "}
          {top.level.map((scale, i) => (
            <span key={scale.id}>
              {i > 0 && ", "}
              <ScaleName scale={scale} /> ({scale.band ? `${scale.band.label}, ${levelText(scale)}` : levelText(scale)})
            </span>
          ))}
        </p>
      )}
      {top.about && <p className="report-top__about">{top.about}</p>}
      {top.meaning && (
        <p className="report-top__meaning">
          <span className="report-detail__label">What it means for you</span>
          {top.meaning}
        </p>
      )}
      {top.others.length > 0 && (
        <ul className="report-top__others" aria-label="Your other levels">
          {top.others.map((scale) => (
            <li key={scale.id}>
              <ScaleName scale={scale} />: {scale.band ? `${scale.band.label} (${levelText(scale)})` : levelText(scale)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Said under the top area: the rest of its section comes with the report. */
export const topAreaLocked = (top: TeaserTopArea) =>
  top.levels ? "The rest of this section is unlocked with your report" : "Your other areas and their scores are unlocked with your report";
