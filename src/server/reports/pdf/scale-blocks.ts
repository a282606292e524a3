import type { ReportScale } from "#schemas/report/document.ts";
import type { BlockRenderer } from "./block-context.ts";
import { keepTogether, type Box } from "./flow.ts";
import { drawText, layoutText, measureWith, run, textBoxes } from "./text.ts";
import { colors, type } from "./theme.ts";

const BADGE = 22;
const GAP = 12;
const BAR = 9;
const ROW_PAD = 5;

/** The scale's letter in a small tinted circle (RIASEC R, I, A …). */
function drawBadge(doc: PDFKit.PDFDocument, letter: string, x: number, centreY: number, radius = 9): void {
  doc.circle(x + radius, centreY, radius).fill(colors.primarySoft);
  const label = layoutText(doc, [run(letter, { ...type.smallStrong, color: colors.primaryStrong })], radius * 2);
  drawText(doc, label, x, centreY - label.height / 2, "center");
}

/** A horizontal bar: the track in tint, the level in the brand colour. */
function drawBar(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, percent: number): void {
  doc.roundedRect(x, y, width, height, height / 2).fill(colors.tint);
  const filled = (width * Math.min(100, Math.max(0, percent))) / 100;
  if (filled > 0) doc.roundedRect(x, y, Math.max(filled, height), height, height / 2).fill(colors.primary);
}

const percentText = (scale: ReportScale) => `${scale.percent}%`;

/**
 * Rows of labelled bars: name, then the percent and band as text beside the bar, so the numbers are
 * selectable and read in that order; faint lines mark 25, 50 and 75 %.
 */
export const scaleChartBlock: BlockRenderer<"scale_chart"> = (block, ctx) => {
  const { doc, width } = ctx;
  const measure = measureWith(doc);
  const lettered = block.scales.some((s) => s.letter);
  const badge = lettered ? BADGE + 6 : 0;
  const nameCol = Math.min(width * 0.32, Math.max(0, ...block.scales.map((s) => measure(s.name, type.bodyStrong))) + 2);
  const valueCol = Math.min(
    width * 0.26,
    Math.max(measure("100%", type.bodyStrong), ...block.scales.map((s) => (s.band ? measure(s.band.label, type.small) : 0))) + 2,
  );
  const barX = badge + nameCol + GAP;
  const barWidth = width - barX - GAP - valueCol;

  const rows = block.scales.map((scale): Box => {
    const name = layoutText(doc, [run(scale.name, type.bodyStrong)], nameCol);
    const value = layoutText(doc, [run(percentText(scale), type.bodyStrong), ...(scale.band ? [run(`\n${scale.band.label}`, type.small)] : [])], valueCol);
    const height = Math.max(name.height, value.height) + 2 * ROW_PAD;
    const firstLine = name.lines[0]?.height ?? type.bodyStrong.leading;
    return {
      height,
      draw: ({ x, y }) => {
        const centre = y + ROW_PAD + firstLine / 2;
        for (const tick of [25, 50, 75]) {
          const tx = x + barX + (barWidth * tick) / 100;
          doc
            .moveTo(tx, y)
            .lineTo(tx, y + height)
            .lineWidth(0.5)
            .strokeColor(colors.border)
            .dash(1.5, { space: 2 })
            .stroke()
            .undash();
        }
        if (scale.letter) drawBadge(doc, scale.letter, x, centre);
        drawText(doc, name, x + badge, y + ROW_PAD);
        drawText(doc, value, x + width - valueCol, y + ROW_PAD);
        drawBar(doc, x + barX, centre - BAR / 2, barWidth, BAR, scale.percent);
      },
    };
  });

  const axis = layoutText(doc, [run("0%", type.footer)], 40);
  const axisBox: Box = {
    height: axis.height + 2,
    draw: ({ x, y }) => {
      for (const tick of [0, 50, 100]) {
        const label = layoutText(doc, [run(`${tick}%`, type.footer)], 40);
        const tx = x + barX + (barWidth * tick) / 100;
        drawText(doc, label, tick === 0 ? tx : tick === 100 ? tx - 40 : tx - 20, y + 2, tick === 0 ? "left" : tick === 100 ? "right" : "center");
      }
    },
  };
  const caption = block.caption.trim() ? textBoxes(doc, [run(block.caption, type.caption)], width, { spaceBefore: 8 }) : [];
  return keepTogether([...rows, axisBox, ...caption], ctx.pageHeight);
};

/** One scale: its name, level and band, a bar, what the area is, and what this level means here. */
export const scaleDetailBlock: BlockRenderer<"scale_detail"> = (block, ctx) => {
  const { doc, width } = ctx;
  const { scale } = block;
  const measure = measureWith(doc);
  const badge = scale.letter ? BADGE + 8 : 0;
  const levelStyle = { ...type.heading, color: colors.primaryStrong };
  const valueCol = Math.min(width * 0.3, Math.max(measure("100%", levelStyle), scale.band ? measure(scale.band.label, type.small) : 0) + 2);
  const name = layoutText(doc, [run(scale.name, type.heading)], width - badge - valueCol - GAP);
  const value = layoutText(doc, [run(percentText(scale), levelStyle), ...(scale.band ? [run(`\n${scale.band.label}`, type.small)] : [])], valueCol);
  const headHeight = Math.max(name.height, value.height);

  const head: Box = {
    height: headHeight + 12,
    keepWithNext: true,
    draw: ({ x, y }) => {
      doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(0.75)
        .strokeColor(colors.border)
        .stroke();
      if (scale.letter) drawBadge(doc, scale.letter, x, y + 12 + (name.lines[0]?.height ?? 0) / 2, 11);
      drawText(doc, name, x + badge, y + 12);
      drawText(doc, value, x + width - valueCol, y + 12, "right");
    },
  };
  const bar: Box = {
    height: 6,
    spaceBefore: 6,
    keepWithNext: true,
    draw: ({ x, y }) => drawBar(doc, x, y, width, 6, scale.percent),
  };
  const about = block.about.trim() ? textBoxes(doc, [run(block.about, { ...type.small, font: "sans-italic" })], width, { spaceBefore: 10 }) : [];
  const meaning = block.meaning.trim() ? textBoxes(doc, [run(block.meaning, type.body)], width, { spaceBefore: 6 }) : [];
  return keepTogether([head, bar, ...about, ...meaning], ctx.pageHeight);
};
