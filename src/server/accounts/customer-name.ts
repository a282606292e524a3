import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, quizAnswers, quizSessions, reportRequests } from "../db/schema.ts";
import type { Flows } from "../flows/flows.ts";
import type { Customer } from "#schemas/api/auth.ts";
import { customerView } from "../auth/customers.ts";
import type { SessionCustomer } from "../auth/sessions.ts";

/** How many of the newest quizzes are looked at for a name: the newest one usually has it. */
const LOOK_BACK = 10;

/**
 * The first name the customer gave (the `name` step of a funnel, as the report's cover uses it),
 * from their newest quiz that reached the account through a paid order or a report request: a quiz
 * only tied to the account by an address typed at an e-mail step may be someone else's, so it is
 * never used. Null when no such quiz asked for a name. Derived each time, never stored.
 */
export async function givenFirstName(db: Db, flows: Flows, customerId: string): Promise<string | null> {
  const paidFor = db
    .select({ id: orders.quizSessionId })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, "paid"), isNotNull(orders.quizSessionId)));
  const reported = db.select({ id: reportRequests.quizSessionId }).from(reportRequests).where(eq(reportRequests.customerId, customerId));
  const quizzes = await db
    .select({ id: quizSessions.id, flowCode: quizSessions.flowCode, flowHash: quizSessions.flowHash })
    .from(quizSessions)
    .where(or(inArray(quizSessions.id, paidFor), inArray(quizSessions.id, reported)))
    .orderBy(desc(sql`coalesce(${quizSessions.completedAt}, ${quizSessions.createdAt})`))
    .limit(LOOK_BACK);
  const nameStep = new Map<string, string>();
  for (const q of quizzes) {
    const step = flows.ofSession(q)?.steps.find((s) => s.kind === "name");
    if (step) nameStep.set(q.id, step.id);
  }
  if (nameStep.size === 0) return null;
  const answers = await db
    .select({ sessionId: quizAnswers.sessionId, stepId: quizAnswers.stepId, value: quizAnswers.value })
    .from(quizAnswers)
    .where(and(inArray(quizAnswers.sessionId, [...nameStep.keys()]), inArray(quizAnswers.stepId, [...new Set(nameStep.values())])));
  for (const q of quizzes) {
    const answer = answers.find((a) => a.sessionId === q.id && a.stepId === nameStep.get(q.id));
    if (typeof answer?.value === "string" && answer.value.trim() !== "") return answer.value.trim();
  }
  return null;
}

/** The logged-in customer as GET /auth/customer answers, with the first name they gave. */
export const customerWithName = async (db: Db, flows: Flows, c: SessionCustomer): Promise<Customer> => customerView(c, await givenFirstName(db, flows, c.id));
