/**
 * Renders a report document (JSON) to a PDF, for designers and for checking the layout by eye:
 *   node --import tsx scripts/render-report-pdf.ts <document.json> <out.pdf> [a4|letter]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { reportDocument } from "#schemas/report/document.ts";
import { renderReportPdf } from "#server/reports/pdf/render-report-pdf.ts";

const [input, output, paper = "a4"] = process.argv.slice(2);
if (!input || !output || (paper !== "a4" && paper !== "letter")) {
  console.error("usage: node --import tsx scripts/render-report-pdf.ts <document.json> <out.pdf> [a4|letter]");
  process.exit(2);
}
const parsed = reportDocument.safeParse(JSON.parse(readFileSync(input, "utf8")));
if (!parsed.success) {
  console.error(`${input}: not a report document\n${parsed.error.message}`);
  process.exit(1);
}
const pdf = await renderReportPdf(parsed.data, { paper, appOrigin: process.env.APP_ORIGIN ?? "http://localhost:3000" });
writeFileSync(output, pdf);
console.log(`${output}: ${pdf.length} bytes`);
