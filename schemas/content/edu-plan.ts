import { z } from "zod";
import { category, contentId, imagePath, slug } from "./common.ts";

const planTask = z.strictObject({
  title: z.string().min(3).max(120),
  /** Markdown. */
  text: z.string().min(20),
  minutes: z.number().int().min(1).max(240),
});

const planDay = z.strictObject({
  title: z.string().min(3).max(120),
  summary: z.string().min(10).max(400),
  tasks: z.array(planTask).min(1).max(99),
});

/** content/plans/<code>.yaml: one education plan. Day ids are 1…N; task ids are day × 100 + position. */
export const eduPlanFile = z.strictObject({
  id: contentId,
  code: slug,
  name: z.string().min(3).max(120),
  status: z.enum(["active", "draft", "retired"]).default("active"),
  category,
  pic: imagePath,
  /** Markdown introduction. */
  text: z.string().min(20),
  audio: z.string().regex(/^\/content-audio\/.+\.(mp3|m4a|ogg)$/).nullable().default(null),
  days: z.array(planDay).min(1).max(90),
});
