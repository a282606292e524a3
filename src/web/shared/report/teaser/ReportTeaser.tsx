import type { ReactNode } from "react";
import type { ReportDocument } from "#schemas/report/document.ts";
import { ReportBlocks } from "../blocks/ReportBlocks.tsx";
import { LockedLine } from "../LockedLine.tsx";
import { ReportCover } from "../ReportCover.tsx";
import { ReportSectionView } from "../ReportSectionView.tsx";
import { teaserOf } from "./teaser.ts";
import { topAreaLocked, TopArea } from "./TopArea.tsx";

/**
 * The report before payment: the cover with the summary, the top area (or the levels), where to
 * find help (a help section open whole, ADR 030), and every other section as its title with a lock. Built from `teaserOf`, so nothing
 * else is in the page.
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
            <ReportSectionView
              key={section.id}
              id={section.id}
              title={section.title}
              number={index + 1}
              locked={!section.top && section.flat.length === 0 && section.help.length === 0}
            >
              {section.top && <TopArea top={section.top} />}
              <ReportBlocks blocks={section.flat} />
              <ReportBlocks blocks={section.help} />
              {!section.open && <LockedLine>{section.top ? topAreaLocked(section.top) : undefined}</LockedLine>}
            </ReportSectionView>
          ))}
          {actions && <div className="report-unlock">{actions}</div>}
        </div>
      </div>
    </article>
  );
}
