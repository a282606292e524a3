import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useFocusHeading } from "../../../shared/ui/use-focus-heading.ts";
import "../../../shared/ui/forms.css";
import "../AccountPage.css";
import "./subscriptions.css";

type Props = {
  eyebrow: string;
  title: string;
  /** The document title; `title` when left out. */
  pageTitle?: string;
  intro?: ReactNode;
  back?: { to: string; label: string };
  /** Focus moves to the heading again when this changes (e.g. after an action). */
  focusKey?: unknown;
  children?: ReactNode;
};

/** The frame of every profile and subscription page: back link, eyebrow, a focused heading. */
export function AccountSubPage({ eyebrow, title, pageTitle, intro, back, focusKey = title, children }: Props) {
  const heading = useFocusHeading(focusKey);
  return (
    <div className="account container subs">
      <title>{`${pageTitle ?? title} · Pathwise`}</title>
      <header className="account__header">
        {back && (
          <Link to={back.to} className="subs__back">
            <span aria-hidden="true">←</span> {back.label}
          </Link>
        )}
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="account__title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {intro && <div className="account__intro">{intro}</div>}
      </header>
      {children}
    </div>
  );
}

/** Loading, failure and not-found states shared by the subscription pages. */
export function SubscriptionMissing({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  return isError ? (
    <div className="message message--error" role="alert">
      We could not load your subscriptions just now.{" "}
      <button type="button" className="button--text subs__inline-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  ) : (
    <p className="account__panel" role="status">
      We could not find this subscription in your account. It may belong to another login.
    </p>
  );
}
