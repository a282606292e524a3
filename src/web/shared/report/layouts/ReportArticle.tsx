import type { ReactNode } from "react";
import type { ReportLayout } from "#schemas/report/layout-ids.ts";
import { SectionHeadingLevel, sectionLevelOf } from "../heading-level.tsx";
import "../report.css";
import "../report-blocks.css";
import "../report-cards.css";
import "../report-print.css";

type Props = { layout: ReportLayout; titleId: string; titleLevel: 1 | 2; className?: string; children: ReactNode };

/**
 * The root of a report layout: an article named by the report's title, marked with its layout, whose
 * section titles sit one level below the title (h2 under an h1, h3 under an h2).
 */
export function ReportArticle({ layout, titleId, titleLevel, className, children }: Props) {
  return (
    <SectionHeadingLevel level={sectionLevelOf(titleLevel)}>
      <article className={className ? `report ${className}` : "report"} data-layout={layout} aria-labelledby={titleId}>
        {children}
      </article>
    </SectionHeadingLevel>
  );
}
