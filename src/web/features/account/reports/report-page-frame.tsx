import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import "../AccountPage.css";
import "./reports.css";

/** The frame of the report pages: a way back to the list, then the report (or its loading and missing states). */
export function ReportPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="account container report-page">
      <Link to={paths.accountReports} className="report-page__back">
        <span aria-hidden="true">←</span> Your reports
      </Link>
      {children}
    </div>
  );
}

/** Keeps the report's place while it loads, and says what is happening. */
export function ReportSkeleton({ label }: { label: string }) {
  return (
    <div className="report-skeleton">
      <div className="report-skeleton__cover" aria-hidden="true">
        <span className="report-skeleton__line report-skeleton__line--short" />
        <span className="report-skeleton__line report-skeleton__line--title" />
        <span className="report-skeleton__line" />
        <span className="report-skeleton__line report-skeleton__line--mid" />
      </div>
      <p className="report-skeleton__label" role="status">
        {label}
      </p>
    </div>
  );
}

/** In place of the report: a heading of its own (the page moves focus to it) and what to do. */
export function Notice({ title, pageTitle, children }: { title: string; pageTitle: string; children: ReactNode }) {
  return (
    <section className="account__panel report-page__notice" aria-labelledby="report-notice-title">
      <title>{`${pageTitle} · Pathwise`}</title>
      <h1 id="report-notice-title" className="account__title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
