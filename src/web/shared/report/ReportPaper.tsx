import type { ReportSection } from "#schemas/report/document.ts";
import { ReportBlocks } from "./blocks/ReportBlocks.tsx";
import { LockedLine } from "./LockedLine.tsx";
import { ReportSectionView } from "./ReportSectionView.tsx";
import { isLocked } from "./section-anchor.ts";

/** The report's numbered sections on its sheet, each with its blocks, or its title and a lock. */
export function ReportPaper({ sections }: { sections: ReportSection[] }) {
  return (
    <div className="report__paper">
      {sections.map((section, index) => (
        <ReportSectionView key={section.id} id={section.id} title={section.title} number={index + 1} locked={isLocked(section)}>
          {isLocked(section) ? <LockedLine /> : <ReportBlocks blocks={section.blocks} />}
        </ReportSectionView>
      ))}
    </div>
  );
}
