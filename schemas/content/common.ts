import { z } from "zod";

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "use lower-case letters, digits and single - or _ between them");

export const contentId = z.number().int().positive().max(2147483647);

/** A picture served from /content-images/… (files in content/images). */
export const imagePath = z
  .string()
  .regex(/^\/content-images\/[a-z0-9/_-]+\.(svg|png|jpg|webp)$/, "must be /content-images/<file>.svg|png|jpg|webp");

export const category = z.strictObject({ code: slug, name: z.string().min(2).max(60) });
