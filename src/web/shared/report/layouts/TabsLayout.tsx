import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ReportBlocks } from "../blocks/ReportBlocks.tsx";
import { LockedLine, LockIcon } from "../LockedLine.tsx";
import { ReportCover } from "../ReportCover.tsx";
import { ReportSectionView } from "../ReportSectionView.tsx";
import { isLocked } from "../section-anchor.ts";
import { ReportArticle } from "./ReportArticle.tsx";
import { StepButton } from "./StepButton.tsx";
import type { ReportLayoutProps } from "./types.ts";
import { useHashSection } from "./use-hash-section.ts";
import "./tabs.css";

/** The tab a key moves to in a row of `count` tabs (WAI-ARIA tabs: arrows wrap around, Home and End go to the ends), or null. */
function tabAfterKey(key: string, current: number, count: number): number | null {
  if (key === "ArrowRight") return (current + 1) % count;
  if (key === "ArrowLeft") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * One section at a time behind a row of tabs (the WAI-ARIA tabs pattern: arrow keys, Home and End
 * move between tabs and show their section). The row scrolls sideways inside itself on a phone. The
 * end of each section offers the next one.
 */
export function TabsLayout({ document, actions, titleLevel = 1 }: ReportLayoutProps) {
  const titleId = useId();
  const baseId = useId();
  const { sections } = document;
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number, focus: boolean) => {
    setSelected(index);
    if (focus) tabs.current[index]?.focus();
  };

  useHashSection(
    sections.map((s) => s.id),
    (id) =>
      setSelected(
        Math.max(
          0,
          sections.findIndex((s) => s.id === id),
        ),
      ),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(event.key, selected, sections.length);
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  };

  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  return (
    <ReportArticle layout="tabs" titleId={titleId} titleLevel={titleLevel}>
      <div className="report__grid">
        <ReportCover document={document} summary={document.summary} titleId={titleId} actions={actions} titleLevel={titleLevel} />
        <div className="report__paper report-tabs">
          <div className="report-tabs__scroller">
            <div role="tablist" aria-label="Sections of your report" className="report-tabs__list" onKeyDown={onKeyDown}>
              {sections.map((section, index) => (
                <button
                  key={section.id}
                  ref={(element) => {
                    tabs.current[index] = element;
                  }}
                  type="button"
                  role="tab"
                  id={tabId(index)}
                  className="report-tabs__tab"
                  aria-selected={index === selected}
                  aria-controls={panelId(index)}
                  tabIndex={index === selected ? 0 : -1}
                  onClick={() => select(index, false)}
                >
                  <span className="report-tabs__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="report-tabs__label">{section.title}</span>
                  {isLocked(section) && (
                    <>
                      <LockIcon />
                      <span className="visually-hidden">(locked)</span>
                    </>
                  )}
                </button>
              ))}
            </div>
          </div>
          {sections.map((section, index) => {
            const next = sections[index + 1];
            return (
              <div
                key={section.id}
                role="tabpanel"
                id={panelId(index)}
                aria-labelledby={tabId(index)}
                className="report-tabs__panel"
                hidden={index !== selected}
                tabIndex={0}
              >
                <ReportSectionView id={section.id} title={section.title} number={index + 1} locked={isLocked(section)}>
                  {isLocked(section) ? <LockedLine /> : <ReportBlocks blocks={section.blocks} />}
                </ReportSectionView>
                {next && (
                  <div className="report-tabs__next">
                    <StepButton direction="next" kicker="Next section" title={next.title} onClick={() => select(index + 1, true)} />
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </ReportArticle>
  );
}
