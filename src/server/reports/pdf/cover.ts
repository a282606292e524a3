import type { ReportDocument } from "#schemas/report/document.ts";
import type { BlockContext } from "./block-context.ts";
import type { Box, Placement } from "./flow.ts";
import { destinationOf } from "./section.ts";
import { drawLine, drawText, layoutText, run, textBoxes } from "./text.ts";
import { colors, type, type TextStyle } from "./theme.ts";

const titleStyle: TextStyle = { font: "serif-semibold", size: 34, leading: 40, color: colors.onPrimary };
const subtitleStyle: TextStyle = { font: "sans", size: 13, leading: 18, color: colors.primarySoft };
const brandStyle: TextStyle = { font: "serif-semibold", size: 15, leading: 18, color: colors.onPrimary };
const preparedStyle: TextStyle = { font: "sans", size: 11, leading: 16, color: colors.primarySoft };
const nameStyle: TextStyle = { font: "serif-semibold", size: 24, leading: 30, color: colors.onPrimary };
const summaryStyle: TextStyle = { font: "serif", size: 12.5, leading: 19.5, color: colors.ink };
const tocStyle: TextStyle = { ...type.body, size: 10.5, leading: 15 };
const TOC_ROW_PAD = 4;

export type Cover = {
  /** Where the flow of boxes starts on the cover page. */
  startY: number;
  boxes: Box[];
  /** Writes the page numbers into the contents once every section has been placed. */
  finish: (sectionPages: readonly number[]) => void;
};

/**
 * The cover: a band in the brand colour with the title, subtitle and whom it was prepared for, then
 * the summary, and the contents with page numbers (filled in after layout) that link to each section.
 */
export function drawCover(
  report: ReportDocument,
  contents: readonly string[],
  ctx: BlockContext,
  page: { width: number; height: number },
  side: number,
): Cover {
  const { doc, width } = ctx;
  doc.rect(0, 0, page.width, page.height).fill(colors.bg);

  // Long titles step down in size so the band never grows past the top of the page.
  const title =
    [30, 26, 22]
      .map((size) => layoutText(doc, [run(report.title, { ...titleStyle, size, leading: size * 1.18 })], width))
      .find((t) => t.height <= page.height * 0.26) ?? layoutText(doc, [run(report.title, { ...titleStyle, size: 20, leading: 24 })], width);
  const subtitle = layoutText(doc, [run(report.cover.subtitle, subtitleStyle)], width);
  const brand = layoutText(doc, [run("Pathwise", brandStyle)], width);
  const firstName = report.cover.first_name?.trim();
  const prepared = firstName ? layoutText(doc, [run("Prepared for", preparedStyle), run(`\n${firstName}`, nameStyle)], width) : null;

  // The band: brand at the top, then the title block, bottom-aligned, with whom it was prepared for.
  const titleBlock = 26 + title.height + 10 + subtitle.height + (prepared ? 30 + prepared.height : 0);
  const bandBottom = Math.max(page.height * 0.34, 112 + titleBlock + 40);
  let y = bandBottom - 40 - titleBlock;
  doc.rect(0, 0, page.width, bandBottom).fill(colors.primaryStrong);
  drawText(doc, brand, side, 46);
  doc.rect(side, y, 40, 4).fill(colors.highlight);
  y += 26;
  drawText(doc, title, side, y);
  y += title.height + 10;
  drawText(doc, subtitle, side, y);
  y += subtitle.height + 30;
  if (prepared) drawText(doc, prepared, side, y);

  const boxes: Box[] = [];
  if (report.summary.trim()) {
    boxes.push(...textBoxes(doc, [run("AT A GLANCE", type.eyebrow)], width).map((b) => ({ ...b, keepWithNext: true })));
    boxes.push(...textBoxes(doc, [run(report.summary, summaryStyle)], width, { spaceBefore: 6 }));
  }

  const rows = contents.map((title) => layoutText(doc, [run(title, tocStyle)], width - 48));
  const tocHeight = rows.reduce((sum, r) => sum + r.height + 2 * TOC_ROW_PAD, 0);
  const toc: { at: Placement | null } = { at: null };
  if (rows.length > 0) {
    boxes.push(
      ...textBoxes(doc, [run("IN THIS REPORT", type.eyebrow)], width, { spaceBefore: boxes.length > 0 ? 26 : 0 }).map((b) => ({ ...b, keepWithNext: true })),
    );
    boxes.push({ height: tocHeight, spaceBefore: 4, draw: (at) => (toc.at = at) });
  }

  const finish = (sectionPages: readonly number[]) => {
    const { at } = toc;
    if (!at) return;
    doc.switchToPage(at.page);
    let y = at.y;
    rows.forEach((row, i) => {
      const height = row.height + 2 * TOC_ROW_PAD;
      doc
        .moveTo(at.x, y)
        .lineTo(at.x + width, y)
        .lineWidth(0.5)
        .strokeColor(colors.border)
        .stroke();
      drawText(doc, row, at.x, y + TOC_ROW_PAD);
      const pageNumber = sectionPages[i];
      if (pageNumber !== undefined) {
        const number = layoutText(doc, [run(String(pageNumber + 1), { ...tocStyle, font: "sans-semibold", color: colors.primary })], 40);
        drawLine(doc, number.lines[0]!, at.x + width - 40, y + TOC_ROW_PAD, 40, "right");
        doc.goTo(at.x, y, width, height, destinationOf(i));
      }
      y += height;
    });
    doc
      .moveTo(at.x, y)
      .lineTo(at.x + width, y)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
  };

  return { startY: bandBottom + 36, boxes, finish };
}
