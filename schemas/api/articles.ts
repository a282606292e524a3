import { z } from "zod";

const articleBase = {
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: z.string().describe("active, or archived"),
  pic: z.string(),
  pic_preview: z.string(),
  summary: z.string(),
  reading_minutes: z.number().int(),
  cat: z.object({ code: z.string(), name: z.string() }),
};

export const articleListItem = z.object(articleBase);
export const article = z.object({ ...articleBase, text: z.string().describe("HTML") });

export const articleList = z.object({ data: z.array(articleListItem) });
export const articleOne = z.object({ data: article });
