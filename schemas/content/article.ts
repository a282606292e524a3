import { z } from "zod";
import { category, contentId, imagePath, slug } from "./common.ts";

/** Front matter of content/articles/<slug>.md; the body below it is Markdown. */
export const articleFrontMatter = z.strictObject({
  id: contentId,
  slug,
  name: z.string().min(3).max(140),
  status: z.enum(["active", "archived", "draft"]).default("active"),
  cat: category,
  pic: imagePath,
  pic_preview: imagePath,
  summary: z.string().min(20).max(300),
});
