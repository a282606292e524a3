import { useEffect, useRef, useState, type ReactNode } from "react";
import { BrandLink } from "#web/shared/ui/Logo.tsx";
import { afterThisTask } from "../runner/after-this-task.ts";
import "../funnel.css";

type Props = {
  stepKey: string;
  /** The step's elements are kept while this stays the same (a question after one of its kind), and new ones drawn when it changes. */
  drawnAs: string;
  title: string;
  /** The browser tab's title (without the site's name). */
  pageTitle: string;
  /** What the quiz is about, for search results and link previews (the page's meta description). */
  description?: string;
  subtitle?: string;
  eyebrow?: string;
  progress: number | null;
  onBack: (() => void) | null;
  /** A report page: the site's full content width instead of the question column. */
  wide?: boolean;
  children: ReactNode;
};

/**
 * The frame around every step: logo, back button, progress bar, and the step's title, which
 * receives focus when the step changes so screen-reader and keyboard users start at the top.
 */
export function FunnelLayout({ stepKey, drawnAs, title, pageTitle, description, subtitle, eyebrow, progress, onBack, wide = false, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Both coordinates given: Chromium then scrolls without laying out the new step first.
    window.scrollTo(0, 0);
    // The title takes focus in a task after the step is drawn: the input that changed the step
    // does not also wait for the layout focus() forces (ADR 042).
    return afterThisTask(() => heading.current?.focus({ preventScroll: true }));
  }, [stepKey]);

  // The tab's title follows in a task after the step is drawn too: a title change is a message to
  // the browser, and nothing on the page shows it (ADR 042).
  const [tabTitle, setTabTitle] = useState(pageTitle);
  useEffect(() => afterThisTask(() => setTabTitle(pageTitle)), [pageTitle]);

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className="funnel">
      <title>{`${tabTitle} · Pathwise`}</title>
      {description ? <meta name="description" content={description} /> : null}
      <header className="funnel__header">
        <div className="funnel__bar">
          {onBack ? (
            <button type="button" className="funnel__back" onClick={onBack}>
              <span aria-hidden="true">←</span> Back
            </button>
          ) : (
            <span className="funnel__back-space" />
          )}
          <BrandLink />
          <span className="funnel__back-space" />
        </div>
        {percent !== null && (
          <div
            className="funnel__progress"
            role="progressbar"
            aria-label="Progress through the questions"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="funnel__progress-fill" style={{ transform: `scaleX(${percent / 100})` }} />
          </div>
        )}
      </header>
      <main className={wide ? "funnel__main funnel__main--wide" : "funnel__main"} id="main">
        <section className="step" aria-labelledby="step-title" key={drawnAs}>
          {eyebrow && <p className="eyebrow step__eyebrow">{eyebrow}</p>}
          <h1 id="step-title" className="step__title" tabIndex={-1} ref={heading}>
            {title}
          </h1>
          {subtitle && <p className="step__subtitle">{subtitle}</p>}
          {children}
        </section>
      </main>
    </div>
  );
}
