import { z } from "zod";
import { configSchema, toolKindNames } from "../tools/kinds.ts";
import { contentId, imagePath, slug } from "./common.ts";

/**
 * Front matter of content/tools/<name>.md; the body below it is Markdown (how to use the tool).
 * `config` is checked against its kind's schema, so a bad card or field is a located content problem.
 */
export const toolFrontMatter = z
  .strictObject({
    id: contentId,
    /** Used in the URL: /account/tools/<name>. */
    name: slug,
    title: z.string().min(3).max(120),
    summary: z.string().min(20).max(300),
    category: z.string().min(2).max(60),
    pic: imagePath,
    minutes: z.number().int().min(1).max(240),
    /** Which interactive widget the account shows for this tool (schemas/tools/kinds.ts). */
    kind: z.enum(toolKindNames),
    /** The widget's content (cards, fields, rows), valid for `kind`. */
    config: z.record(z.string(), z.unknown()),
  })
  .transform((tool, ctx) => {
    const parsed = configSchema(tool.kind).safeParse(tool.config);
    if (parsed.success) return { ...tool, config: parsed.data as Record<string, unknown> };
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: "custom", path: ["config", ...issue.path], message: issue.message, input: tool.config });
    }
    return z.NEVER;
  });
