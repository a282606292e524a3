import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { EduPlan } from "#schemas/api/edu-plans.ts";
import type { Db } from "../db/client.ts";
import { customerEduPlanProgress, customerEduPlans, eduPlans } from "../db/schema.ts";
import { notFound } from "../errors.ts";

type PlanRow = typeof eduPlans.$inferSelect;
type Progress = { takenAt: Date; completedAt: Date | null; tasks: Set<number>; days: Set<number> };

/** A plan as the API shows it; with progress for a customer's own plan. */
/**
 * A plan as the API shows it. Without `withText` it is the outline (days, task titles and minutes,
 * task texts null): what anyone may see of a plan before a subscription unlocks it (ADR 017).
 */
export function planView(row: PlanRow, progress?: Progress, withText = false): EduPlan {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: progress ? (progress.completedAt ? "completed" : "active") : row.status,
    category: { code: row.categoryCode, name: row.categoryName },
    pic: row.pic,
    text: row.text,
    audio: row.audio,
    taken_at: progress ? progress.takenAt.toISOString() : null,
    days: row.days.map((day) => ({
      id: day.id,
      title: day.title,
      summary: day.summary,
      is_completed: progress?.days.has(day.id) ?? false,
      tasks: day.tasks.map((task) => ({ ...task, text: withText ? task.text : null, is_completed: progress?.tasks.has(task.id) ?? false })),
    })),
  };
}

export const listPublishedPlans = (db: Db) => db.select().from(eduPlans).where(eq(eduPlans.status, "active")).orderBy(asc(eduPlans.id));

export async function findPublishedPlan(db: Db, id: number): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(eduPlans)
    .where(and(eq(eduPlans.id, id), eq(eduPlans.status, "active")));
  if (!row) throw notFound("Plan");
  return row;
}

/** The customer's plans (a retired plan stays with those who took it), with their progress; task texts only `withText`. */
export async function customerPlans(db: Db, customerId: string, options: { planId?: number; withText: boolean }): Promise<EduPlan[]> {
  const { planId, withText } = options;
  const taken = await db
    .select({ plan: eduPlans, takenAt: customerEduPlans.takenAt, completedAt: customerEduPlans.completedAt })
    .from(customerEduPlans)
    .innerJoin(eduPlans, eq(eduPlans.id, customerEduPlans.planId))
    .where(and(eq(customerEduPlans.customerId, customerId), planId === undefined ? undefined : eq(customerEduPlans.planId, planId)))
    .orderBy(asc(customerEduPlans.takenAt), asc(eduPlans.id));
  if (taken.length === 0) return [];
  const done = await db
    .select()
    .from(customerEduPlanProgress)
    .where(
      and(
        eq(customerEduPlanProgress.customerId, customerId),
        inArray(
          customerEduPlanProgress.planId,
          taken.map((t) => t.plan.id),
        ),
      ),
    );
  return taken.map(({ plan, takenAt, completedAt }) => {
    const mine = done.filter((d) => d.planId === plan.id);
    const ids = (kind: "task" | "day") => new Set(mine.filter((d) => d.kind === kind).map((d) => d.itemId));
    return planView(plan, { takenAt, completedAt, tasks: ids("task"), days: ids("day") }, withText);
  });
}

/** One of the customer's plans in full (the caller has checked that their subscription unlocks it). */
async function customerPlan(db: Db, customerId: string, planId: number): Promise<EduPlan> {
  const [plan] = await customerPlans(db, customerId, { planId, withText: true });
  if (!plan) throw notFound("Plan");
  return plan;
}

/**
 * One plan as the customer sees it (the caller has checked that their subscription unlocks it):
 * theirs with progress once taken, else the published plan with `taken_at` null. Not taking a plan
 * is not an error, so the plan's page asks without a 404 (ADR 020); a retired plan nobody took is.
 */
export async function planAsCustomerSees(db: Db, customerId: string, planId: number): Promise<EduPlan> {
  const [taken] = await customerPlans(db, customerId, { planId, withText: true });
  return taken ?? planView(await findPublishedPlan(db, planId), undefined, true);
}

export async function takePlan(db: Db, customerId: string, planId: number, now: Date): Promise<EduPlan> {
  await findPublishedPlan(db, planId);
  await db.insert(customerEduPlans).values({ customerId, planId, takenAt: now }).onConflictDoNothing();
  return customerPlan(db, customerId, planId);
}

/**
 * Marks tasks (and the day, when its last task is done, or when the whole day is completed)
 * as done; completes the plan when every day is. Repeating a completion changes nothing.
 */
export async function completeItems(db: Db, customerId: string, planId: number, target: { taskId: number } | { dayId: number }, now: Date): Promise<EduPlan> {
  const before = await customerPlan(db, customerId, planId);
  const day = "dayId" in target ? before.days.find((d) => d.id === target.dayId) : before.days.find((d) => d.tasks.some((t) => t.id === target.taskId));
  if (!day) throw notFound("dayId" in target ? "Day" : "Task");
  const taskIds = "dayId" in target ? day.tasks.map((t) => t.id) : [target.taskId];
  const doneTasks = new Set([...day.tasks.filter((t) => t.is_completed).map((t) => t.id), ...taskIds]);
  const dayDone = day.tasks.every((t) => doneTasks.has(t.id));
  const doneDays = new Set([...before.days.filter((d) => d.is_completed).map((d) => d.id), ...(dayDone ? [day.id] : [])]);

  await db.transaction(async (tx) => {
    const rows = [
      ...taskIds.map((itemId) => ({ customerId, planId, kind: "task" as const, itemId, completedAt: now })),
      ...(dayDone ? [{ customerId, planId, kind: "day" as const, itemId: day.id, completedAt: now }] : []),
    ];
    await tx.insert(customerEduPlanProgress).values(rows).onConflictDoNothing();
    if (before.days.every((d) => doneDays.has(d.id))) {
      await tx
        .update(customerEduPlans)
        .set({ completedAt: now })
        .where(and(eq(customerEduPlans.customerId, customerId), eq(customerEduPlans.planId, planId), isNull(customerEduPlans.completedAt)));
    }
  });
  return customerPlan(db, customerId, planId);
}
