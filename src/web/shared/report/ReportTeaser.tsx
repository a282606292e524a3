import type { ReactNode } from "react";
import type { ReportDocument } from "../../../../schemas/report/document.ts";
import { LockedLine } from "./LockedLine.tsx";
import { ReportCover } from "./ReportCover.tsx";
import { ReportSectionView } from "./ReportSectionView.tsx";
import { teaserOf } from "./teaser.ts";
import { TOP_AREA_LOCKED, TopArea } from "./TopArea.tsx";

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
                  <LockedLine>{TOP_AREA_LOCKED}</LockedLine>
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
