import { z } from "zod";

export const idParam = z.strictObject({
  id: z.coerce.number().int().positive().max(2147483647).describe("Numeric id"),
});

const planTask = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string().nullable().describe("HTML; null in the public outline and while the customer's plans are locked (ADR 017)"),
  minutes: z.number().int(),
  is_completed: z.boolean(),
});

const planDay = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  tasks: z.array(planTask),
  is_completed: z.boolean(),
});

const eduPlan = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.string().describe("active; anything else counts as completed"),
  category: z.object({ code: z.string(), name: z.string() }),
  pic: z.string(),
  text: z.string().describe("HTML"),
  audio: z.string().nullable(),
  days: z.array(planDay),
  taken_at: z.iso.datetime().nullable().describe("When the customer took the plan; null in the catalogue"),
});
export type EduPlan = z.infer<typeof eduPlan>;

export const eduPlanList = z.object({ data: z.array(eduPlan) });
export const eduPlanOne = z.object({ data: eduPlan });

export const takePlanBody = z.strictObject({ plan_id: z.number().int().positive().max(2147483647) });
export const completeTaskBody = takePlanBody.extend({ task_id: z.number().int().positive().max(2147483647) });
export const completeDayBody = takePlanBody.extend({ day_id: z.number().int().positive().max(2147483647) });
