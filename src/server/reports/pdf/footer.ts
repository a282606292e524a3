import { drawLine, fitOneLine, layoutText, run } from "./text.ts";
import { colors, type } from "./theme.ts";

/** On every page but the cover: a hairline, the report's title on the left, "Page n of N" on the right. */
export function drawFooters(doc: PDFKit.PDFDocument, title: string, frame: { x: number; width: number }, fromBottom: number): void {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start + 1; page < start + count; page += 1) {
    doc.switchToPage(page);
    const top = doc.page.height - fromBottom - type.footer.leading;
    const number = layoutText(doc, [run(`Page ${page + 1} of ${count}`, type.footer)], frame.width);
    const numberWidth = number.lines[0]!.width;
    const label = layoutText(doc, [run(fitOneLine(doc, `Pathwise · ${title}`, type.footer, frame.width - numberWidth - 24), type.footer)], frame.width);
    doc
      .moveTo(frame.x, top - 8)
      .lineTo(frame.x + frame.width, top - 8)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    drawLine(doc, label.lines[0]!, frame.x, top, frame.width);
    drawLine(doc, number.lines[0]!, frame.x, top, frame.width, "right");
  }
}
