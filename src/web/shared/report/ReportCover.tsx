import type { ReactNode } from "react";
import type { ReportDocument } from "#schemas/report/document.ts";
import { datesHeldTogether } from "../dates/format-date.ts";

/** `titleLevel` 2 when the page around the report already has the h1 (a funnel step). */
type Props = { document: ReportDocument; summary: string; titleId: string; actions?: ReactNode; titleLevel?: 1 | 2 };

/** The report's first page: what it is, whom it is for, when, and the whole result in a few sentences. */
export function ReportCover({ document, summary, titleId, actions, titleLevel = 1 }: Props) {
  const { cover } = document;
  const Title = titleLevel === 1 ? "h1" : "h2";
  return (
    <header className="report-cover">
      <svg className="report-cover__ornament" viewBox="0 0 200 200" aria-hidden="true" focusable="false">
        <circle cx="200" cy="0" r="60" />
        <circle cx="200" cy="0" r="100" />
        <circle cx="200" cy="0" r="140" />
        <circle cx="200" cy="0" r="180" />
      </svg>
      <p className="report-cover__eyebrow">Personal report</p>
      <Title id={titleId} className="report-cover__title" data-long={document.title.length > 48 || undefined}>
        {document.title}
      </Title>
      <div className="report-cover__meta">
        {cover.first_name && (
          <p className="report-cover__for">
            Prepared for <span className="report-cover__name">{cover.first_name}</span>
          </p>
        )}
        <p className="report-cover__subtitle">{datesHeldTogether(cover.subtitle)}</p>
      </div>
      <div className="report-cover__summary">
        <p className="report-cover__summary-label">In short</p>
        <p className="report-cover__summary-text">{summary}</p>
      </div>
      {actions && <div className="report-cover__actions">{actions}</div>}
    </header>
  );
}
