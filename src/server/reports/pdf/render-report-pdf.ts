import PDFDocument from "pdfkit";
import type { ReportDocument } from "#schemas/report/document.ts";
import { absoluteUrl } from "./absolute-url.ts";
import type { BlockContext } from "./block-context.ts";
import { drawCover } from "./cover.ts";
import { PageFlow, type Box, type Frame } from "./flow.ts";
import { drawFooters } from "./footer.ts";
import { registerFonts } from "./fonts.ts";
import { sectionBoxes } from "./section.ts";
import { margins, pages, type Paper } from "./theme.ts";

export type RenderReportPdfOptions = {
  paper: Paper;
  /** The app's public origin (APP_ORIGIN): relative links in the report are made absolute with it. */
  appOrigin: string;
};

/** The report's date, which also fixes the PDF's creation date and file ID (same document → same bytes). */
function reportDate(iso: string): Date {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/**
 * Renders a report document as a PDF: a cover with the summary and contents, then each section,
 * with vector charts, selectable text, clickable links, an embedded font, and page numbers. A pure
 * function of its inputs: the same document and options give the same bytes.
 */
export async function renderReportPdf(report: ReportDocument, options: RenderReportPdfOptions): Promise<Buffer> {
  const size = pages[options.paper];
  const date = reportDate(report.cover.date);
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    displayTitle: true,
    lang: "en",
    pdfVersion: "1.7",
    info: {
      Title: report.title,
      Subject: report.cover.subtitle,
      Author: "Pathwise",
      Creator: "Pathwise",
      Producer: "Pathwise",
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  registerFonts(doc);
  const addPage = () => doc.addPage({ size: [size.width, size.height], margin: 0 });
  addPage();

  const frame: Frame = { x: margins.side, width: size.width - 2 * margins.side, top: margins.top, bottom: size.height - margins.bottom };
  const ctx: BlockContext = {
    doc,
    width: frame.width,
    pageHeight: frame.bottom - frame.top,
    link: (href) => (href ? (absoluteUrl(href, options.appOrigin) ?? undefined) : undefined),
  };

  // Sections first (measured, not drawn), so the contents list only those with something to show.
  const sectionPages: number[] = [];
  const sections: { title: string; boxes: Box[] }[] = [];
  for (const section of report.sections) {
    const index = sections.length;
    const boxes = sectionBoxes(section, index, ctx, (at) => (sectionPages[index] = at.page));
    if (boxes.length > 0) sections.push({ title: section.title, boxes });
  }

  const cover = drawCover(
    report,
    sections.map((s) => s.title),
    ctx,
    size,
    margins.side,
  );
  const flow = new PageFlow(frame, addPage, cover.startY);
  flow.place(cover.boxes);
  flow.leavePage(0);
  flow.place(sections.flatMap((s) => s.boxes));
  cover.finish(sectionPages);
  drawFooters(doc, report.title, frame, margins.footer);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
