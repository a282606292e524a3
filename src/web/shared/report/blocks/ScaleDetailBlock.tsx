import { Heading } from "../heading-level.tsx";
import { directionText, levelText } from "../format.ts";
import { ScaleBar } from "../ScaleBar.tsx";
import { ScaleName } from "./ScaleName.tsx";
import type { BlockProps } from "./types.ts";

/** One scale: its level as a number and a bar, what it measures, and what this level means. */
export function ScaleDetailBlock({ block }: BlockProps<"scale_detail">) {
  const { scale } = block;
  const direction = directionText(scale.higher_is);
  return (
    <div className="report-detail">
      <div className="report-detail__level">
        <Heading depth={1} className="report-detail__name">
          <ScaleName scale={scale} />
        </Heading>
        <p className="report-detail__value">
          <span className="report-detail__percent">{levelText(scale)}</span>
          {scale.band && <span className="report-band">{scale.band.label}</span>}
        </p>
        <ScaleBar percent={scale.percent} size="sm" />
        {direction && <p className="report-detail__direction">{direction}</p>}
      </div>
      <div className="report-detail__text">
        <p className="report-detail__about">{block.about}</p>
        <p className="report-detail__meaning">
          <span className="report-detail__label">What it means for you</span>
          {block.meaning}
        </p>
      </div>
    </div>
  );
}
