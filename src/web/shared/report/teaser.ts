import type { ReportDocument, ReportScale } from "../../../../schemas/report/document.ts";
import { firstSentence } from "./format.ts";
import { isLocked } from "./section-anchor.ts";

/** The one area a visitor sees before paying: the first scale of the first chart, with what it means when the report says. */
export type TeaserTopArea = { scale: ReportScale; about: string | null; meaning: string | null };

export type TeaserSection = { id: string; title: string; top: TeaserTopArea | null };

export type Teaser = { summary: string; sections: TeaserSection[] };

/**
 * What the teaser may show, taken from the document and nothing more: the summary's first
 * sentence, every section's title, and the top area in the section of the first scale chart.
 * No other scale, number or profession leaves this function, so none can reach the page. A
 * section the document marks as locked (a teaser built on the server) stays locked.
 */
export function teaserOf(document: ReportDocument): Teaser {
  const open = document.sections.filter((section) => !isLocked(section));
  const blocks = open.flatMap((section) => section.blocks.map((block) => ({ section, block })));
  const chart = blocks.find(({ block }) => block.kind === "scale_chart");
  const scale = chart?.block.kind === "scale_chart" ? chart.block.scales[0] : undefined;
  const detail = scale && blocks.map(({ block }) => block).find((block) => block.kind === "scale_detail" && block.scale.id === scale.id);
  const top: TeaserTopArea | null = scale
    ? { scale, about: detail?.kind === "scale_detail" ? detail.about : null, meaning: detail?.kind === "scale_detail" ? detail.meaning : null }
    : null;
  return {
    summary: firstSentence(document.summary),
    sections: document.sections.map((section) => ({ id: section.id, title: section.title, top: top && section === chart?.section ? top : null })),
  };
}
