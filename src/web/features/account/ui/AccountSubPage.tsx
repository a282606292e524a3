import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import "#web/shared/ui/forms.css";
import "../AccountPage.css";
import "./account-sub-page.css";

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

/** The frame of most account pages (profile, subscriptions, settings, plans, tools, library…): back link, eyebrow, a focused heading. */
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
