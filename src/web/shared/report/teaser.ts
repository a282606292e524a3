import type { ReportBlock, ReportDocument, ReportScale, ReportSection } from "../../../../schemas/report/document.ts";
import { firstSentence } from "./format.ts";
import { isLocked } from "./section-anchor.ts";

/**
 * The area a visitor sees before paying: the first scale of the first chart, with what it means
 * when the report says. `levels` when scales are read against bands (a wellbeing check), not
 * ranked against each other; then `others` are the chart's other scales, with their bands.
 */
export type TeaserTopArea = { scale: ReportScale; about: string | null; meaning: string | null; levels: boolean; others: ReportScale[] };

/**
 * One section of the teaser: the top area in the chart's section; `help`, where to find help, shown
 * as it is; `open` when the whole section is free (a help section the server left open, ADR 030),
 * so nothing of it is locked.
 */
export type TeaserSection = { id: string; title: string; top: TeaserTopArea | null; help: ReportBlock[]; open: boolean };

export type Teaser = { summary: string; sections: TeaserSection[] };

/**
 * What the teaser may show, taken from the document and nothing more: the summary (its first
 * sentence, unless the server already cut the document to a teaser), every section's title, the
 * top area in the section of the first scale chart, and where to find help, which is never
 * locked. A profile shows no other scale; levels show each scale's band. No number or profession
 * beyond that leaves this function, so none can reach the page. A section the document marks as
 * locked (a teaser built on the server) stays locked; in such a teaser, a section the server left
 * open besides the chart's is where to find help (the server opens no other), shown whole.
 */
export function teaserOf(document: ReportDocument): Teaser {
  const cut = document.sections.some(isLocked);
  const open = document.sections.filter((section) => !isLocked(section));
  const blocks = open.flatMap((section) => section.blocks.map((block) => ({ section, block })));
  const chart = blocks.find(({ block }) => block.kind === "scale_chart");
  const scales = chart?.block.kind === "scale_chart" ? chart.block.scales : [];
  const scale = scales[0];
  const levels = scales.some((s) => s.band !== null);
  const detail = scale && blocks.map(({ block }) => block).find((block) => block.kind === "scale_detail" && block.scale.id === scale.id);
  const top: TeaserTopArea | null = scale
    ? {
        scale,
        about: detail?.kind === "scale_detail" ? detail.about : null,
        meaning: detail?.kind === "scale_detail" ? detail.meaning : null,
        levels,
        others: levels ? scales.slice(1) : [],
      }
    : null;
  // A help section the server left open is shown whole; only the chart's section is cut to its top area.
  const whole = (section: ReportSection) => cut && !isLocked(section) && section !== chart?.section && section.blocks.length > 0;
  const help = blocks.flatMap(({ section, block }) => (block.kind === "callout" && block.tone === "help" && !whole(section) ? [block] : []));
  // Help callouts outside a whole section go with the top area, or in the first section when there is none.
  const helpAt = chart?.section ?? document.sections[0];
  return {
    summary: cut ? document.summary.trim() : firstSentence(document.summary),
    sections: document.sections.map((section) => ({
      id: section.id,
      title: section.title,
      top: top && section === chart?.section ? top : null,
      help: whole(section) ? section.blocks : section === helpAt ? help : [],
      open: whole(section),
    })),
  };
}
