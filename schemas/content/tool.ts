import { z } from "zod";
import { contentId, imagePath, slug } from "./common.ts";

/** Front matter of content/tools/<name>.md; the body below it is Markdown (how to use the tool). */
export const toolFrontMatter = z.strictObject({
  id: contentId,
  /** Used in the URL: /account/tools/<name>. */
  name: slug,
  title: z.string().min(3).max(120),
  summary: z.string().min(20).max(300),
  category: z.string().min(2).max(60),
  pic: imagePath,
  minutes: z.number().int().min(1).max(240),
  /** Which interactive widget the account shows for this tool. */
  kind: z.enum(["energy-map", "negotiation-script", "card-sort", "weekly-audit"]),
  /** The widget's content (cards, fields, rows). */
  config: z.record(z.string(), z.unknown()).default({}),
});
export type ToolFrontMatter = z.infer<typeof toolFrontMatter>;
