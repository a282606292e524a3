import type { ReportBlock, ReportDocument } from "../../../schemas/report/document.ts";

/**
 * What a visitor sees before paying: the cover, the teaser summary, the top area with what it
 * means, and every other section by its title only. Built on the server from the full document,
 * so nothing locked ever reaches the browser.
 */
export function teaserOf(doc: ReportDocument, summary: string): ReportDocument {
  const blocks = doc.sections.flatMap((s) => s.blocks);
  const chart = blocks.find((b): b is Extract<ReportBlock, { kind: "scale_chart" }> => b.kind === "scale_chart");
  const top = chart?.scales[0];
  const detail = top ? blocks.find((b) => b.kind === "scale_detail" && b.scale.id === top.id) : undefined;
  const open: ReportBlock[] = top ? [{ kind: "scale_chart", caption: "The area you scored highest", scales: [top] }, ...(detail ? [detail] : [])] : [];
  return {
    ...doc,
    summary,
    sections: doc.sections.map((section, index) => ({
      id: section.id,
      title: section.title,
      blocks: index === 0 ? open : [],
      ...(index === 0 ? {} : { locked: true }),
    })),
  };
}
