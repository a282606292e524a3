import type { ReactNode } from "react";
import type { ReportDocument } from "../../../../schemas/report/document.ts";
import { ScaleName } from "./blocks/ScaleName.tsx";
import { directionText, percentText } from "./format.ts";
import { LockedLine } from "./LockedLine.tsx";
import { ReportCover } from "./ReportCover.tsx";
import { ReportSectionView } from "./ReportSectionView.tsx";
import { ScaleBar } from "./ScaleBar.tsx";
import { teaserOf, type TeaserTopArea } from "./teaser.ts";

function TopArea({ top }: { top: TeaserTopArea }) {
  const direction = directionText(top.scale.higher_is);
  return (
    <div className="report-top">
      <p className="report-top__label">Your top area</p>
      <div className="report-top__level">
        <h3 className="report-top__name">
          <ScaleName scale={top.scale} />
        </h3>
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

/**
 * The report before payment: the cover with the summary's first sentence, the top area, and every
 * other section as its title with a lock. Built from `teaserOf`, so nothing else is in the page.
 */
export function ReportTeaser({
  document,
  actions,
  titleId,
  titleLevel,
}: {
  document: ReportDocument;
  actions?: ReactNode;
  titleId: string;
  titleLevel?: 1 | 2;
}) {
  const teaser = teaserOf(document);
  return (
    <article className="report" data-layout="teaser" aria-labelledby={titleId}>
      <div className="report__grid">
        <ReportCover document={document} summary={teaser.summary} titleId={titleId} titleLevel={titleLevel} />
        <div className="report__paper">
          {teaser.sections.map((section, index) => (
            <ReportSectionView key={section.id} id={section.id} title={section.title} number={index + 1} locked={!section.top}>
              {section.top ? (
                <>
                  <TopArea top={section.top} />
                  <LockedLine>Your other areas and their scores are unlocked with your report</LockedLine>
                </>
              ) : (
                <LockedLine />
              )}
            </ReportSectionView>
          ))}
          {actions && <div className="report-unlock">{actions}</div>}
        </div>
      </div>
    </article>
  );
}
