import { useEffect, useId, useRef, useState } from "react";
import { ReportBlocks } from "../blocks/ReportBlocks.tsx";
import { LockedLine, LockIcon } from "../LockedLine.tsx";
import { ReportCover } from "../ReportCover.tsx";
import { ReportSectionView } from "../ReportSectionView.tsx";
import { isLocked } from "../section-anchor.ts";
import { ReportArticle } from "./ReportArticle.tsx";
import { StepButton } from "./StepButton.tsx";
import type { ReportLayoutProps } from "./types.ts";
import { useHashSection } from "./use-hash-section.ts";
import "./guided.css";

const reducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A guided read: one section at a time, how far along the reader is, the list of sections to jump
 * to, and Previous and Next naming the neighbouring sections. Moving takes the reader (and the
 * focus) to the new section's title; the last section leads back to the start.
 */
export function GuidedLayout({ document, actions, titleLevel = 1 }: ReportLayoutProps) {
  const titleId = useId();
  const navId = useId();
  const { sections } = document;
  const count = sections.length;
  const [current, setCurrent] = useState(0);
  const [read, setRead] = useState<ReadonlySet<number>>(() => new Set([0]));
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const moved = useRef(false);

  const goTo = (index: number) => {
    moved.current = true;
    setCurrent(index);
    setRead((before) => (before.has(index) ? before : new Set(before).add(index)));
  };

  useHashSection(
    sections.map((s) => s.id),
    (id) =>
      setCurrent(
        Math.max(
          0,
          sections.findIndex((s) => s.id === id),
        ),
      ),
  );

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const heading = headings.current[current];
    heading?.closest("section")?.scrollIntoView?.({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    heading?.focus({ preventScroll: true });
  }, [current]);

  const previous = sections[current - 1];
  const next = sections[current + 1];
  const first = sections[0];

  return (
    <ReportArticle layout="guided" titleId={titleId} titleLevel={titleLevel}>
      <div className="report__grid report-guided__grid">
        <ReportCover document={document} summary={document.summary} titleId={titleId} actions={actions} titleLevel={titleLevel} />
        {count > 1 && (
          <nav className="report-guided__nav" aria-labelledby={navId}>
            <p id={navId} className="report-guided__nav-title">
              Your way through the report
            </p>
            <ol className="report-guided__steps">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <button
                    type="button"
                    className="report-guided__step"
                    aria-current={index === current ? "step" : undefined}
                    data-read={(read.has(index) && index !== current) || undefined}
                    onClick={() => goTo(index)}
                  >
                    <span className="report-guided__step-number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="report-guided__step-title">
                      {section.title}
                      {read.has(index) && index !== current && <span className="visually-hidden"> (read)</span>}
                    </span>
                    {isLocked(section) && <LockIcon />}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="report__paper report-guided">
          <div className="report-guided__progress">
            <p className="report-guided__count">
              Section {current + 1} of {count}
            </p>
            <svg className="report-guided__meter" width="100%" height="6" aria-hidden="true" focusable="false">
              <rect className="report-guided__meter-track" width="100%" height="6" rx="3" />
              <rect className="report-guided__meter-fill" width={`${((current + 1) / count) * 100}%`} height="6" rx="3" />
            </svg>
          </div>
          {sections.map((section, index) => (
            <div key={section.id} className="report-guided__page" hidden={index !== current}>
              <ReportSectionView
                id={section.id}
                title={section.title}
                number={index + 1}
                locked={isLocked(section)}
                headingRef={(element) => {
                  headings.current[index] = element;
                }}
              >
                {isLocked(section) ? <LockedLine /> : <ReportBlocks blocks={section.blocks} />}
              </ReportSectionView>
            </div>
          ))}
          <div className="report-guided__moves">
            {previous && <StepButton direction="previous" kicker="Previous" title={previous.title} onClick={() => goTo(current - 1)} />}
            {next && <StepButton direction="next" kicker="Next" title={next.title} onClick={() => goTo(current + 1)} />}
            {!next && count > 1 && first && (
              <div className="report-guided__end">
                <p className="report-guided__end-text">You have reached the end of your report.</p>
                <StepButton direction="previous" kicker="Back to the start" title={first.title} onClick={() => goTo(0)} />
              </div>
            )}
          </div>
        </div>
      </div>
    </ReportArticle>
  );
}
