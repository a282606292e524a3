import type { ReportSection } from "#schemas/report/document.ts";

/** The element id of a report section, so a page can link to it (`#report-professions`). */
export const sectionAnchor = (sectionId: string) => `report-${sectionId}`;

/** Whether the document says a section is shown by its title only (a teaser built on the server). */
export const isLocked = (section: ReportSection) => "locked" in section && section.locked === true;
