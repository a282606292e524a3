import type { ReportBlock, ReportDocument } from "../../../schemas/report/document.ts";

type Chart = Extract<ReportBlock, { kind: "scale_chart" }>;

/**
 * What a visitor sees before paying, built on the server from the full document so nothing locked
 * ever reaches the browser: the cover, the teaser summary, then
 * - a profile (scales ranked against each other): the top area and what it means;
 * - levels (each scale read against its bands): every scale with its band, and what the most
 *   marked one means;
 * and every other section by its title only. Help (where to find support) is never behind
 * payment: every help callout of the report stays open, after the scales.
 */
export function teaserOf(doc: ReportDocument, summary: string, interpretation: "profile" | "levels"): ReportDocument {
  const blocks = doc.sections.flatMap((s) => s.blocks);
  const chart = blocks.find((b): b is Chart => b.kind === "scale_chart");
  const top = chart?.scales[0];
  const detail = top ? blocks.find((b) => b.kind === "scale_detail" && b.scale.id === top.id) : undefined;
  const shown: ReportBlock[] =
    top && chart
      ? interpretation === "levels"
        ? [{ kind: "scale_chart", caption: chart.scales.length === 1 ? "Your level" : "Your levels", scales: chart.scales }]
        : [{ kind: "scale_chart", caption: "The area you scored highest", scales: [top] }]
      : [];
  const help = blocks.filter((b) => b.kind === "callout" && b.tone === "help");
  const open: ReportBlock[] = [...shown, ...(detail ? [detail] : []), ...help];
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
