import type { Box } from "./flow.ts";
import type { TextStyle } from "./theme.ts";
import { wrapRuns, type Line, type Run } from "./wrap-text.ts";

export type Align = "left" | "center" | "right";
export type TextBlock = { lines: Line[]; height: number; width: number };

/** Cap height of both typefaces, as a share of the font size: used to centre text in its line. */
const CAP_HEIGHT = 0.66;

export const run = (text: string, style: TextStyle): Run => ({ text, style });

const widths = new WeakMap<PDFKit.PDFDocument, Map<string, number>>();

/** Width of a text in a style, remembered per document (a report measures the same words many times). */
export function measureWith(doc: PDFKit.PDFDocument) {
  let cache = widths.get(doc);
  if (!cache) widths.set(doc, (cache = new Map<string, number>()));
  const known = cache;
  return (text: string, style: TextStyle): number => {
    if (text.length === 0) return 0;
    const key = `${style.font} ${style.size} ${style.tracking ?? 0} ${text}`;
    let width = known.get(key);
    if (width === undefined) {
      width = doc
        .font(style.font)
        .fontSize(style.size)
        .widthOfString(text, { characterSpacing: style.tracking ?? 0 });
      known.set(key, width);
    }
    return width;
  };
}

/** Wraps runs to `width` and measures the result. */
export function layoutText(doc: PDFKit.PDFDocument, runs: readonly Run[], width: number): TextBlock {
  const lines = wrapRuns(runs, width, measureWith(doc));
  return { lines, width, height: lines.reduce((sum, line) => sum + line.height, 0) };
}

/** Draws one line whose box starts at `top`; the text sits optically centred in the line height. */
export function drawLine(doc: PDFKit.PDFDocument, line: Line, x: number, top: number, width: number, align: Align = "left"): void {
  const biggest = Math.max(...line.segments.map((s) => s.style.size));
  const baseline = top + (line.height + biggest * CAP_HEIGHT) / 2;
  let left = align === "left" ? x : align === "right" ? x + width - line.width : x + (width - line.width) / 2;
  for (const seg of line.segments) {
    const { style } = seg;
    doc
      .font(style.font)
      .fontSize(style.size)
      .fillColor(style.color)
      .text(seg.text, left, baseline, { lineBreak: false, baseline: "alphabetic", characterSpacing: style.tracking ?? 0 });
    if (style.underline) {
      doc
        .moveTo(left, baseline + 1.8)
        .lineTo(left + seg.width, baseline + 1.8)
        .lineWidth(0.6)
        .strokeColor(style.color)
        .stroke();
    }
    if (style.link) doc.link(left, top, seg.width, line.height, style.link);
    left += seg.width;
  }
}

export function drawText(doc: PDFKit.PDFDocument, block: TextBlock, x: number, top: number, align: Align = "left"): void {
  let y = top;
  for (const line of block.lines) {
    drawLine(doc, line, x, y, block.width, align);
    y += line.height;
  }
}

/**
 * A paragraph as one box per line, so it can continue on the next page; the first two and the last
 * two lines stay together (no orphan or widow lines).
 */
export function textBoxes(doc: PDFKit.PDFDocument, runs: readonly Run[], width: number, options: { spaceBefore?: number; indent?: number } = {}): Box[] {
  const indent = options.indent ?? 0;
  const { lines } = layoutText(doc, runs, width - indent);
  return lines.map((line, i) => ({
    height: line.height,
    spaceBefore: i === 0 ? options.spaceBefore : 0,
    keepWithNext: (i === 0 && lines.length > 1) || i === lines.length - 2,
    draw: ({ x, y }) => drawLine(doc, line, x + indent, y, width - indent),
  }));
}

/** The text, shortened with an ellipsis when it is wider than `width` (running footers). */
export function fitOneLine(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): string {
  const measure = measureWith(doc);
  if (measure(text, style) <= width) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join("").trimEnd()}…`, style) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join("").trimEnd()}…`;
}
