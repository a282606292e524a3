import { useId } from "react";
import type { ReportSection } from "#schemas/report/document.ts";
import { sectionAnchor } from "../section-anchor.ts";
import { useActiveSection } from "./use-active-section.ts";

/** The table of contents: a link to every section, the one being read marked as the current location. */
export function ReportContents({ sections }: { sections: readonly ReportSection[] }) {
  const titleId = useId();
  const active = useActiveSection(sections.map((s) => sectionAnchor(s.id)));
  return (
    <nav className="report-toc" aria-labelledby={titleId}>
      <p id={titleId} className="report-toc__title">
        In this report
      </p>
      <ol className="report-toc__list">
        {sections.map((section, index) => {
          const anchor = sectionAnchor(section.id);
          return (
            <li key={section.id}>
              <a href={`#${anchor}`} className="report-toc__link" aria-current={active === anchor ? "location" : undefined}>
                <span className="report-toc__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>{section.title}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
