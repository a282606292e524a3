import { z } from "zod";
import { identifier } from "../flow/text.ts";
import { reportDocument } from "../report/document.ts";

/**
 * Report template previews in the growth console (/admin/reports/:code): the report a template
 * makes, built by the same engine as customers' reports, from the template's example profile or
 * from positions a staff member chooses. Nothing is stored.
 */

export const reportCodeParams = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, "a report code uses lower-case letters, digits, - and _"),
});

/** One scale of a template, as the preview's score inputs label it. */
const previewScale = z.object({
  id: z.string(),
  name: z.string().describe("The scale's name as the report prints it"),
  example: z.number().min(0).max(100).describe("Its position (0–100 of its own range) in the template's example profile"),
});
export type PreviewScale = z.infer<typeof previewScale>;

/** A report template a staff member can preview. */
const reportTemplateSummary = z.object({
  code: z.string().describe("The report code (content/reports/<code>/report.yaml)"),
  title: z.string(),
  subtitle: z.string(),
  flowCode: z.string().describe("The flow whose scores fill it"),
  scales: z.array(previewScale).describe("In the order the flow declares them"),
});
export type ReportTemplateSummary = z.infer<typeof reportTemplateSummary>;

export const reportTemplateList = z.object({ data: z.array(reportTemplateSummary) });
export const reportTemplateOne = z.object({ data: reportTemplateSummary });

/** A position of 0–100 in a scale's own range, as the example profile gives them. */
const scalePosition = z.number().min(0).max(100);

export const reportPreviewBody = z.strictObject({
  positions: z
    .record(identifier, scalePosition)
    .optional()
    .describe("Scale id → its position, 0–100 of its own range; a scale left out keeps its example position"),
  layout: z
    .enum(["full", "teaser"])
    .default("full")
    .describe("full: the paid report; teaser: what a visitor sees before paying (the summary and pre-checkout steps)"),
});
export type ReportPreviewBody = z.infer<typeof reportPreviewBody>;

export const reportPreview = z.object({ data: reportDocument });
