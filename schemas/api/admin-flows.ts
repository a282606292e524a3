import { z } from "zod";

/**
 * Publishing flows and report templates to the running app (ADR 066, docs/flows.md "Publishing"):
 * `npm run flows:publish` and the dev watcher send the files' text to POST /api/admin/flows/publish.
 */

/** The largest file the app takes (the biggest flow or template today is under a tenth of it). */
const MAX_PUBLISHED_FILE_CHARS = 400_000;

const publishedText = z.string().min(1).max(MAX_PUBLISHED_FILE_CHARS);
/** The file's name as problems show it (relative to the project where it is in it); the app never opens it. */
const relativeFile = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[^\0\n]+\.ya?ml$/, "the name of a .yaml file, e.g. flows/career.yaml");

export const publishBody = z
  .strictObject({
    flows: z
      .array(z.strictObject({ file: relativeFile, text: publishedText }))
      .max(100)
      .default([])
      .describe("Flow files: each one checked with the live flows as flows:check does"),
    reports: z
      .array(z.strictObject({ code: z.string().regex(/^[a-z0-9_]{1,64}$/), file: relativeFile, text: publishedText }))
      .max(100)
      .default([])
      .describe("Report templates (content/reports/<code>/report.yaml), each checked against its flow"),
  })
  .refine((b) => b.flows.length + b.reports.length > 0, { message: "give at least one flow or report template", path: ["flows"] });

const locatedProblem = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  path: z.string().describe("The YAML path, e.g. steps.3.title"),
  stepId: z.string().optional(),
  part: z.string().optional(),
  message: z.string(),
  hint: z.string().optional(),
});

/** 422: the files as flows:check reports them; nothing was published. */
export const publishRefused = z.object({
  error: z.object({ code: z.literal("flow_problems"), message: z.string(), problems: z.array(locatedProblem) }),
});

export const publishResult = z.object({
  data: z.object({
    flows: z.array(z.object({ code: z.string(), hash: z.string(), file: z.string(), changed: z.boolean().describe("false: this text was already live") })),
    reports: z.array(z.object({ code: z.string(), file: z.string(), changed: z.boolean() })),
  }),
});
export type PublishResult = z.infer<typeof publishResult>["data"];
