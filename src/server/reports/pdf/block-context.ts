import type { ReportBlock, ReportBlockKind } from "#schemas/report/document.ts";
import type { Box } from "./flow.ts";

/** What every block renderer gets: the document to measure with, the frame width and the page height. */
export type BlockContext = {
  doc: PDFKit.PDFDocument;
  width: number;
  /** Height of the text frame: a box taller than this cannot be kept on one page. */
  pageHeight: number;
  /** The href as an absolute address, or undefined when it cannot be a link. */
  link: (href: string | null) => string | undefined;
};

export type BlockRenderer<K extends ReportBlockKind> = (block: Extract<ReportBlock, { kind: K }>, ctx: BlockContext) => Box[];
