import type { ReactNode } from "react";
import "./content-page.css";

/** In place of a plan, a day or a tool that could not be shown: a heading of its own (the page moves focus to it) and what to do. */
export function PageNotice({ title, pageTitle, children }: { title: string; pageTitle: string; children: ReactNode }) {
  return (
    <section className="account__panel plan-notice" aria-labelledby="plan-notice-title">
      <title>{`${pageTitle} · Pathwise`}</title>
      <h1 id="plan-notice-title" className="account__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
