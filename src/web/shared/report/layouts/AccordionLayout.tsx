import { useId, useState } from "react";
import { ReportBlocks } from "../blocks/ReportBlocks.tsx";
import { Heading, levelOf } from "../heading-level.tsx";
import { LockedLine, LockIcon } from "../LockedLine.tsx";
import { ReportCover } from "../ReportCover.tsx";
import { sectionNumber } from "../ReportSectionView.tsx";
import { isLocked, sectionAnchor } from "../section-anchor.ts";
import { ReportArticle } from "./ReportArticle.tsx";
import type { ReportLayoutProps } from "./types.ts";
import { useHashSection } from "./use-hash-section.ts";
import "./accordion.css";

/**
 * The sections as panels that open and close (native details and summary), the first one open, with
 * one button to open or close them all. A link to a section opens its panel.
 */
export function AccordionLayout({ document, actions, titleLevel = 1 }: ReportLayoutProps) {
  const titleId = useId();
  const ids = document.sections.map((section) => section.id);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(ids.slice(0, 1)));
  const allOpen = ids.every((id) => open.has(id));

  const setPanel = (id: string, isOpen: boolean) =>
    setOpen((current) => {
      if (current.has(id) === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  useHashSection(ids, (id) => setPanel(id, true));

  return (
    <ReportArticle layout="accordion" titleId={titleId} titleLevel={titleLevel}>
      <div className="report__grid">
        <ReportCover document={document} summary={document.summary} titleId={titleId} actions={actions} titleLevel={titleLevel} />
        <div className="report__paper report-accordion">
          {ids.length > 1 && (
            <div className="report-accordion__bar">
              <p className="report-accordion__count">
                {ids.length} sections · {open.size} open
              </p>
              <button type="button" className="button button--secondary report-accordion__toggle" onClick={() => setOpen(new Set(allOpen ? [] : ids))}>
                {allOpen ? "Close all" : "Open all"}
              </button>
            </div>
          )}
          {document.sections.map((section, index) => {
            const anchor = sectionAnchor(section.id);
            const locked = isLocked(section);
            return (
              <section key={section.id} id={anchor} className="report-panel" data-locked={locked || undefined} aria-labelledby={`${anchor}-title`}>
                <details open={open.has(section.id)} onToggle={(event) => setPanel(section.id, event.currentTarget.open)}>
                  <summary className="report-panel__summary">
                    <span className="report-panel__number" aria-hidden="true">
                      {sectionNumber(index + 1)}
                    </span>
                    <Heading level={levelOf(titleLevel)} id={`${anchor}-title`} className="report-panel__title">
                      {section.title}
                    </Heading>
                    {locked && (
                      <span className="report-panel__lock">
                        <LockIcon />
                        <span className="visually-hidden">Locked</span>
                      </span>
                    )}
                    <svg className="report-panel__chevron" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                      <path d="M6 9.5l6 6 6-6" />
                    </svg>
                  </summary>
                  <div className="report-panel__body">{locked ? <LockedLine /> : <ReportBlocks blocks={section.blocks} />}</div>
                </details>
              </section>
            );
          })}
        </div>
      </div>
    </ReportArticle>
  );
}
