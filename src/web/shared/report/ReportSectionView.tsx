import type { ReactNode } from "react";
import { sectionAnchor } from "./section-anchor.ts";

type Props = { id: string; title: string; number: number; locked?: boolean; children: ReactNode };

/** A numbered section with its title as the h2 that names it. */
export function ReportSectionView({ id, title, number, locked = false, children }: Props) {
  const anchor = sectionAnchor(id);
  return (
    <section id={anchor} className="report-section" data-locked={locked || undefined} aria-labelledby={`${anchor}-title`}>
      <p className="report-section__number" aria-hidden="true">
        {String(number).padStart(2, "0")}
      </p>
      <h2 id={`${anchor}-title`} className="report-section__title">
        {title}
      </h2>
      <div className="report-section__body">{children}</div>
    </section>
  );
}
