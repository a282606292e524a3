import type { ReportBlock, ReportClaim, ReportDocument, ReportScale, ReportSection } from "#schemas/report/document.ts";
import { firstSentence } from "../format.ts";
import { isLocked } from "../section-anchor.ts";

/**
 * The area a visitor sees before paying: the first scale of the first chart, with what it means
 * when the report says. `levels` when scales are read against bands (a wellbeing check), not
 * ranked against each other; then `others` are the chart's other scales, with their bands.
 */
export type TeaserTopArea = {
  scale: ReportScale;
  about: string | null;
  meaning: string | null;
  levels: boolean;
  others: ReportScale[];
  /** Scales the report names as level with this one (a tie under the claims rule, ADR 036). */
  level: ReportScale[];
};

/**
 * One section of the teaser: the top area in the chart's section; `help`, where to find help, shown
 * as it is; `open` when the whole section is free (a help section the server left open, ADR 030),
 * so nothing of it is locked.
 */
export type TeaserSection = {
  id: string;
  title: string;
  top: TeaserTopArea | null;
  /** A flat profile (ADR 036): instead of a top area, every scale, the note saying so and the link to retake the test. */
  flat: ReportBlock[];
  help: ReportBlock[];
  open: boolean;
};

/** The scales the report names as highest (a profile), its lead or most marked (levels), by its claims; none in an older document. */
const namedBy = (claims: readonly ReportClaim[] | undefined, kind: "highest" | "most_marked" | "lead", section: string) =>
  (claims ?? []).find((c) => c.kind === kind && c.at === section)?.scales ?? (claims ?? []).find((c) => c.kind === kind)?.scales ?? [];

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
  const levels = scales.some((s) => s.band !== null);
  // The claims rule picks the area: a flat profile has none; otherwise the scale the report names (ADR 036).
  const flatHere = chart !== undefined && (document.claims ?? []).some((c) => c.kind === "flat" && c.at === chart.section.id);
  // A levels report may lead with a scale its template names (ADR 050); it is not compared with the others.
  const lead = chart && levels ? namedBy(document.claims, "lead", chart.section.id) : [];
  const named = !chart ? [] : lead.length > 0 ? lead : namedBy(document.claims, levels ? "most_marked" : "highest", chart.section.id);
  const scale = flatHere ? undefined : (scales.find((s) => s.id === named[0]) ?? scales[0]);
  const detail = scale && blocks.map(({ block }) => block).find((block) => block.kind === "scale_detail" && block.scale.id === scale.id);
  const top: TeaserTopArea | null = scale
    ? {
        scale,
        about: detail?.kind === "scale_detail" ? detail.about : null,
        meaning: detail?.kind === "scale_detail" ? detail.meaning : null,
        levels,
        others: levels ? scales.filter((s) => s !== scale) : [],
        level: scales.filter((s) => s !== scale && named.includes(s.id)),
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
      flat:
        flatHere && section === chart?.section
          ? section.blocks.filter((b) => b.kind === "scale_chart" || (b.kind === "callout" && b.tone === "note") || b.kind === "links")
          : [],
      help: whole(section) ? section.blocks : section === helpAt ? help : [],
      open: whole(section),
    })),
  };
}
