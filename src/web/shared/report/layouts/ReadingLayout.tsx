import { useId } from "react";
import { Heading, levelOf } from "../heading-level.tsx";
import { LockedLine } from "../LockedLine.tsx";
import { isLocked, sectionAnchor } from "../section-anchor.ts";
import { ReadingBlocks } from "./reading-blocks.tsx";
import { ReportArticle } from "./ReportArticle.tsx";
import type { ReportLayoutProps } from "./types.ts";
import "./reading.css";

/**
 * Plain reading (the `?style=2` view): the report as a printed letter. One narrow column in the
 * serif face, numbered sections, charts kept, and no contents, cards or coloured boxes.
 */
export function ReadingLayout({ document, actions, titleLevel = 1 }: ReportLayoutProps) {
  const titleId = useId();
  const { cover } = document;
  const Title = titleLevel === 1 ? "h1" : "h2";
  return (
    <ReportArticle layout="reading" titleId={titleId} titleLevel={titleLevel} className="report-reading">
      <header className="report-reading__head">
        <p className="report-reading__eyebrow">Personal report</p>
        <Title id={titleId} className="report-reading__title">
          {document.title}
        </Title>
        <p className="report-reading__byline">
          {cover.first_name && (
            <>
              Prepared for {cover.first_name}
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, </span>
            </>
          )}
          {cover.subtitle}
        </p>
        {actions && <div className="report-reading__actions">{actions}</div>}
      </header>
      <p className="report-reading__lead">{document.summary}</p>
      {document.sections.map((section, index) => {
        const anchor = sectionAnchor(section.id);
        return (
          <section key={section.id} id={anchor} className="report-reading__section" aria-labelledby={`${anchor}-title`}>
            <Heading level={levelOf(titleLevel)} id={`${anchor}-title`} className="report-reading__section-title">
              <span className="report-reading__number">{index + 1}.</span> {section.title}
            </Heading>
            {isLocked(section) ? <LockedLine /> : <ReadingBlocks blocks={section.blocks} />}
          </section>
        );
      })}
      <p className="report-reading__end" aria-hidden="true">
        ⁂
      </p>
    </ReportArticle>
  );
}
