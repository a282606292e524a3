import { useId } from "react";
import { Heading, levelOf } from "../heading-level.tsx";
import { ReportContents } from "../table-of-contents/ReportContents.tsx";
import { ReportCover } from "../ReportCover.tsx";
import { sectionAnchor } from "../section-anchor.ts";
import { highlightsOf, type Highlight } from "./highlights.ts";
import { ReportArticle } from "./ReportArticle.tsx";
import type { ReportLayoutProps } from "./types.ts";
import { ReportPaper } from "../ReportPaper.tsx";
import "./highlights.css";

const COUNT_WORD = ["", "One thing", "Two things", "Three things", "Four things", "Five things"];

function KeyFindings({ highlights, titleLevel }: { highlights: readonly Highlight[]; titleLevel: 1 | 2 }) {
  const titleId = useId();
  return (
    <section className="report-highlights" aria-labelledby={titleId}>
      <Heading level={levelOf(titleLevel)} id={titleId} className="report-highlights__title">
        Key findings
      </Heading>
      <p className="report-highlights__intro">
        {COUNT_WORD[highlights.length] ?? "The things"} to take from your report. Each one links to the part that explains it.
      </p>
      <ol className="report-highlights__list">
        {highlights.map((highlight, index) => (
          <li key={highlight.key} className="report-highlight">
            <span className="report-highlight__number" aria-hidden="true">
              {index + 1}
            </span>
            <p className="report-highlight__label">{highlight.label}</p>
            <Heading level={levelOf(titleLevel, 1)} className="report-highlight__title">
              {highlight.title}
            </Heading>
            {highlight.value && <p className="report-highlight__value">{highlight.value}</p>}
            {highlight.text && <p className="report-highlight__text">{highlight.text}</p>}
            <a className="report-highlight__link" href={`#${sectionAnchor(highlight.sectionId)}`}>
              More in “{highlight.sectionTitle}”
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Key findings first, picked from the report and each linking to where it is explained, then the whole report as a document. */
export function HighlightsLayout({ document, actions, titleLevel = 1 }: ReportLayoutProps) {
  const titleId = useId();
  const highlights = highlightsOf(document);
  return (
    <ReportArticle layout="highlights" titleId={titleId} titleLevel={titleLevel}>
      <div className="report__grid">
        <ReportCover document={document} summary={document.summary} titleId={titleId} actions={actions} titleLevel={titleLevel} />
        {highlights.length > 0 && <KeyFindings highlights={highlights} titleLevel={titleLevel} />}
        {document.sections.length > 1 && <ReportContents sections={document.sections} />}
        <ReportPaper sections={document.sections} />
      </div>
    </ReportArticle>
  );
}
