import type { ReactNode, Ref } from "react";
import { Heading } from "./heading-level.tsx";
import { sectionAnchor } from "./section-anchor.ts";

type Props = {
  id: string;
  title: string;
  number: number;
  locked?: boolean;
  /** Given when a layout moves focus to the section (its title then takes focus, not a tab stop). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** A numbered section with its title as the heading that names it (an h2 unless the layout says otherwise). */
export function ReportSectionView({ id, title, number, locked = false, headingRef, children }: Props) {
  const anchor = sectionAnchor(id);
  return (
    <section id={anchor} className="report-section" data-locked={locked || undefined} aria-labelledby={`${anchor}-title`}>
      <p className="report-section__number" aria-hidden="true">
        {sectionNumber(number)}
      </p>
      <Heading depth={0} id={`${anchor}-title`} className="report-section__title" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </Heading>
      <div className="report-section__body">{children}</div>
    </section>
  );
}

/** A section's number as the report prints it: "01". */
export const sectionNumber = (number: number) => String(number).padStart(2, "0");
