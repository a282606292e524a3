import { z } from "zod";
import { itemId, typed, uniqueIds } from "./common.ts";

/** Weekly time audit: hours spent on each category in one week, against the hours the customer wants. */
export const weeklyAuditConfig = z
  .strictObject({
    categories: z
      .array(z.strictObject({ id: itemId, label: z.string().min(2).max(40), hint: z.string().min(10).max(160) }))
      .min(3)
      .max(12),
  })
  .superRefine((c, ctx) => uniqueIds(c.categories, ctx, "categories"));
export type WeeklyAuditConfig = z.infer<typeof weeklyAuditConfig>;

/** Hours in a week: 0 to 168 in quarter hours. */
const hours = z
  .number()
  .min(0)
  .max(168)
  .refine((h) => Number.isInteger(h * 4), "use quarter hours (0.25)");

export const HOURS_IN_A_WEEK = 168;

/** What a customer saves: the Monday of the week, spent and wanted hours per category, a note. */
export const weeklyAuditEntry = (config: WeeklyAuditConfig) => {
  const ids = new Set(config.categories.map((c) => c.id));
  return z
    .strictObject({
      week_of: z.iso.date().describe("The Monday the week starts on (YYYY-MM-DD)"),
      hours: z.record(itemId, z.strictObject({ spent: hours, wanted: hours })),
      note: typed(2000).default(""),
    })
    .superRefine((e, ctx) => {
      if (new Date(`${e.week_of}T00:00:00Z`).getUTCDay() !== 1) ctx.addIssue({ code: "custom", path: ["week_of"], message: "must be a Monday" });
      for (const id of Object.keys(e.hours)) {
        if (!ids.has(id)) ctx.addIssue({ code: "custom", path: ["hours", id], message: `no category "${id}" in this tool` });
      }
      const rows = Object.values(e.hours);
      for (const key of ["spent", "wanted"] as const) {
        const total = rows.reduce((sum, r) => sum + r[key], 0);
        if (total > HOURS_IN_A_WEEK)
          ctx.addIssue({ code: "custom", path: ["hours"], message: `${key} hours add up to ${total}, more than the ${HOURS_IN_A_WEEK} in a week` });
      }
    });
};
export type WeeklyAuditEntry = z.infer<ReturnType<typeof weeklyAuditEntry>>;
