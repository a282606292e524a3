import { useId, type ReactNode } from "react";
import type { ReportDocument } from "#schemas/report/document.ts";
import { ReportContents } from "./table-of-contents/ReportContents.tsx";
import { ReportCover } from "./ReportCover.tsx";
import { ReportTeaser } from "./teaser/ReportTeaser.tsx";
import { ReportPaper } from "./ReportPaper.tsx";
import "./report.css";
import "./report-blocks.css";
import "./report-cards.css";
import "./report-print.css";

export type ReportViewProps = {
  document: ReportDocument;
  /** full: the paid report. teaser: what a visitor sees before paying (the top area; the rest locked). */
  layout?: "full" | "teaser";
  /** Buttons for the page around the report (download, unlock): on the cover, or after the teaser. */
  actions?: ReactNode;
  /** 2 when the page around it already has its h1 (a funnel step); the report's title is then an h2. */
  titleLevel?: 1 | 2;
};

/**
 * A personal report as a document: cover, contents, and numbered sections of blocks. Renders the
 * document model only; the page around it fetches it and decides the layout.
 */
export function ReportView({ document, layout = "full", actions, titleLevel = 1 }: ReportViewProps) {
  const titleId = useId();
  if (layout === "teaser") return <ReportTeaser document={document} actions={actions} titleId={titleId} titleLevel={titleLevel} />;
  return (
    <article className="report" data-layout="full" aria-labelledby={titleId}>
      <div className="report__grid">
        <ReportCover document={document} summary={document.summary} titleId={titleId} actions={actions} titleLevel={titleLevel} />
        {document.sections.length > 1 && <ReportContents sections={document.sections} />}
        <ReportPaper sections={document.sections} />
      </div>
    </article>
  );
}
