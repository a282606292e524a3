import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

type PdfTextItem = { str: string; x: number; y: number; width: number; height: number };
type PdfPage = { width: number; height: number; items: PdfTextItem[]; text: string; links: string[] };
export type ReadPdf = { pages: PdfPage[]; text: string; info: Record<string, unknown> };

/**
 * Opens a PDF with pdf.js (pure JavaScript, no system tools) and returns, per page, its size, its
 * text items with their positions (PDF points, origin bottom-left) and the addresses its links open.
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) =>
        "str" in item && item.str.length > 0
          ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, height: item.height }]
          : [],
      );
      const annotations = (await page.getAnnotations()) as { subtype: string; url?: string }[];
      pages.push({
        width: x1 - x0,
        height: y1 - y0,
        items,
        text: items
          .map((i) => i.str)
          .join(" ")
          .replace(/\s+/g, " "),
        links: annotations.flatMap((a) => (a.subtype === "Link" && a.url ? [a.url] : [])),
      });
    }
    const { info } = await pdf.getMetadata();
    return { pages, text: pages.map((p) => p.text).join(" "), info: info as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
}
