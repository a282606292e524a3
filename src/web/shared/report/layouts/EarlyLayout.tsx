import { useId } from "react";
import { Heading, levelOf } from "../heading-level.tsx";
import { LockedLine, LockIcon } from "../LockedLine.tsx";
import { ReportCover } from "../ReportCover.tsx";
import { ReportSectionView, sectionNumber } from "../ReportSectionView.tsx";
import { sectionAnchor } from "../section-anchor.ts";
import { teaserOf, type TeaserSection } from "../teaser/teaser.ts";
import { ReportBlocks } from "../blocks/ReportBlocks.tsx";
import { topAreaLocked, TopArea } from "../teaser/TopArea.tsx";
import { ReportArticle } from "./ReportArticle.tsx";
import type { ReportLayoutProps } from "./types.ts";
import "./early.css";

type LockedCardProps = { section: TeaserSection; number: number; promise: string | undefined; titleLevel: 1 | 2 };

/** A section still to come: its number and title with a lock, and what it will hold when the pre-checkout promised it. */
function LockedCard({ section, number, promise, titleLevel }: LockedCardProps) {
  const anchor = sectionAnchor(section.id);
  return (
    <li className="report-early__card">
      <section id={anchor} className="report-early__section" aria-labelledby={`${anchor}-title`}>
        <div className="report-early__head">
          <span className="report-early__number" aria-hidden="true">
            {sectionNumber(number)}
          </span>
          <span className="report-early__lock">
            <LockIcon />
          </span>
        </div>
        <Heading level={levelOf(titleLevel)} id={`${anchor}-title`} className="report-early__title">
          {section.title}
        </Heading>
        {promise ? (
          <p className="report-early__promise">
            <span className="report-early__promise-label">What you get: </span>
            {promise}
          </p>
        ) : (
          <LockedLine />
        )}
        {promise && <p className="visually-hidden">Unlocked with your report</p>}
        <div className="report-early__lines" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      </section>
    </li>
  );
}

/**
 * The result page shown early, before the e-mail step: the report as it will look once paid. The
 * cover with the summary's first sentence, the top area as the teaser shows it, where to find help
 * (a help section open whole, ADR 030), and every other section as a locked card saying what it holds. Built from `teaserOf` alone, so nothing else of the
 * document reaches the page; the promises come from the pre-checkout, not from the report.
 */
export function EarlyLayout({ document, actions, titleLevel = 1, promises = {} }: ReportLayoutProps) {
  const titleId = useId();
  const teaser = teaserOf(document);
  const numbered = teaser.sections.map((section, index) => ({ section, number: index + 1 }));
  const shown = (section: TeaserSection) => section.top !== null || section.flat.length > 0 || section.help.length > 0;
  const open = numbered.filter(({ section }) => shown(section));
  const locked = numbered.filter(({ section }) => !shown(section));
  return (
    <ReportArticle layout="early" titleId={titleId} titleLevel={titleLevel}>
      <div className="report__grid">
        <ReportCover document={document} summary={teaser.summary} titleId={titleId} titleLevel={titleLevel} />
        <div className="report__paper report-early">
          {open.map(({ section, number }) => (
            <ReportSectionView key={section.id} id={section.id} title={section.title} number={number}>
              {section.top && <TopArea top={section.top} />}
              <ReportBlocks blocks={section.flat} />
              <ReportBlocks blocks={section.help} />
              {!section.open && <LockedLine>{section.top ? topAreaLocked(section.top) : undefined}</LockedLine>}
            </ReportSectionView>
          ))}
          {locked.length > 0 && (
            <div className="report-early__rest">
              <p className="report-early__intro">
                {open.length > 0 ? "Also in your report" : "In your report"}
                <span className="report-early__intro-count">
                  {" "}
                  · {locked.length} {locked.length === 1 ? "section" : "sections"}, unlocked together
                </span>
              </p>
              <ol className="report-early__cards">
                {locked.map(({ section, number }) => (
                  <LockedCard key={section.id} section={section} number={number} promise={promises[section.id]} titleLevel={titleLevel} />
                ))}
              </ol>
            </div>
          )}
          {actions && <div className="report-unlock">{actions}</div>}
        </div>
      </div>
    </ReportArticle>
  );
}
