import { randomUUID } from "node:crypto";
import { and, desc, eq, exists, inArray, isNull, ne, not, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { ConsentRecord } from "#schemas/consent/consent.ts";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import { drawOrder, shufflesAnything } from "#engine/flow/order.ts";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import { validateAnswer } from "#engine/flow/validate-answer.ts";
import type { Db } from "../db/client.ts";
import { orders, quizAnswers, quizSessions, quizSessionVisitors, type QuizAttribution } from "../db/schema.ts";
import type { Clock } from "../platform/clock.ts";

export type QuizSession = typeof quizSessions.$inferSelect;

/** Who is calling: the hash of their visitor cookie and the logged-in customer, either may be missing. */
export type Caller = { visitorId: string | null; customerId: string | null };

/**
 * The visitor-ownership test, the one place it is written: the browser with this visitor cookie
 * (hashed) started or resumed the quiz session `sessionId` names (a column of the outer query: a
 * session's id, an order's session). Sessions (`ownedBy`) and orders (src/server/payments/orders.ts) use it.
 */
export function browserHolds(db: Db, sessionId: SQLWrapper, visitorId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(quizSessionVisitors)
      .where(and(eq(quizSessionVisitors.sessionId, sessionId), eq(quizSessionVisitors.visitorId, visitorId))),
  );
}

/**
 * Sessions the caller may see: those their browser started or resumed, and those the customer
 * confirmed as theirs while logged in. A tie made only by typing an address at the e-mail step
 * gives that address's customer nothing, so a stranger who typed it cannot share a session with
 * the customer's browsers (docs/decisions/011-quiz-session-ownership.md).
 */
export function ownedBy(db: Db, caller: Caller): SQL {
  const conditions: SQL[] = [sql`false`];
  if (caller.visitorId) conditions.push(browserHolds(db, quizSessions.id, caller.visitorId));
  if (caller.customerId) conditions.push(and(eq(quizSessions.customerId, caller.customerId), eq(quizSessions.customerConfirmed, true))!);
  return or(...conditions)!;
}

/** The session if the caller owns it; another visitor's session is as good as missing. */
export async function ownedSession(db: Db, id: string, caller: Caller): Promise<QuizSession | null> {
  const [row] = await db
    .select()
    .from(quizSessions)
    .where(and(eq(quizSessions.id, id), ownedBy(db, caller)));
  return row ?? null;
}

/**
 * The caller's most recently started session, of one flow or of any; `finishedUnpaid`: only a
 * finished one with no settled order. Of two started at the same instant, one in progress first.
 */
export async function latestSession(
  db: Db,
  caller: Caller,
  filter: { flowCode?: string; status?: QuizSession["status"]; finishedUnpaid?: boolean } = {},
): Promise<QuizSession | null> {
  const conditions = [ownedBy(db, caller)];
  if (filter.flowCode) conditions.push(eq(quizSessions.flowCode, filter.flowCode));
  if (filter.status) conditions.push(eq(quizSessions.status, filter.status));
  if (filter.finishedUnpaid) conditions.push(ne(quizSessions.status, "in_progress"), not(settledOrderOf(db)));
  const [row] = await db
    .select()
    .from(quizSessions)
    .where(and(...conditions))
    .orderBy(desc(quizSessions.createdAt), desc(sql`${quizSessions.status} = 'in_progress'`), desc(quizSessions.id))
    .limit(1);
  return row ?? null;
}

/**
 * The run this browser resumes in a flow when it has lost its own copy (local storage cleared, ADR
 * 067): its latest run, when it is in progress or finished with nobody having paid for it (that one
 * resumes at the offer, as the browser's own copy would have). A paid run is not resumed: the funnel
 * starts a new one. Only the latest counts: a run left for a new one (the restart link, ADR 077) is
 * not brought back.
 */
export async function resumableSession(db: Db, caller: Caller, flowCode: string): Promise<QuizSession | null> {
  const latest = await latestSession(db, caller, { flowCode });
  if (!latest || latest.status === "in_progress") return latest;
  const unpaid = await latestSession(db, caller, { flowCode, finishedUnpaid: true });
  return unpaid?.id === latest.id ? latest : null;
}

/**
 * A session whose report is paid for (or under review, or refunded): its tie stays with the
 * customer who paid, whoever logs in later in a browser that holds it.
 */
const settledOrderOf = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.quizSessionId, quizSessions.id), inArray(orders.status, ["paid", "needs_review", "refunded"]))),
  );

/**
 * A customer who is logged in in this browser makes its sessions theirs (ADR 011): every session of
 * the browser not yet confirmed is tied to them and confirmed — one with no customer, one tied to
 * them, and one tied to another address by the e-mail step that nobody has paid for (so a funnel
 * never charges another account while they are logged in). A paid session keeps its payer. The
 * browser lets go of sessions another customer confirmed (a shared computer), so it can no longer
 * read them.
 */
export async function adoptBrowserSessions(db: Db, clock: Clock, visitorId: string, customerId: string): Promise<void> {
  const ofBrowser = db.select({ id: quizSessionVisitors.sessionId }).from(quizSessionVisitors).where(eq(quizSessionVisitors.visitorId, visitorId));
  await db.transaction(async (tx) => {
    await tx
      .update(quizSessions)
      .set({ customerId, customerConfirmed: true, updatedAt: clock.now() })
      .where(
        and(
          inArray(quizSessions.id, ofBrowser),
          eq(quizSessions.customerConfirmed, false),
          or(isNull(quizSessions.customerId), eq(quizSessions.customerId, customerId), not(settledOrderOf(db))),
        ),
      );
    const othersConfirmed = tx
      .select({ id: quizSessions.id })
      .from(quizSessions)
      .where(and(inArray(quizSessions.id, ofBrowser), eq(quizSessions.customerConfirmed, true), ne(quizSessions.customerId, customerId)));
    await tx.delete(quizSessionVisitors).where(and(eq(quizSessionVisitors.visitorId, visitorId), inArray(quizSessionVisitors.sessionId, othersConfirmed)));
  });
}

/**
 * Moves a session to one browser (the "continue" link): every other browser loses it, and a
 * customer tie stays confirmed only when `customerId` (logged in in that browser) is its customer,
 * so the customer's other browsers lose it too (ADR 011).
 */
export async function moveSessionTo(db: Db, clock: Clock, session: QuizSession, visitorId: string, customerId: string | null): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.delete(quizSessionVisitors).where(and(eq(quizSessionVisitors.sessionId, session.id), ne(quizSessionVisitors.visitorId, visitorId)));
    await tx.insert(quizSessionVisitors).values({ sessionId: session.id, visitorId, addedAt: now }).onConflictDoNothing();
    if (session.customerConfirmed && session.customerId !== customerId) {
      await tx.update(quizSessions).set({ customerConfirmed: false, updatedAt: now }).where(eq(quizSessions.id, session.id));
    }
  });
}

/** Lets one more browser continue a session (the logged-in owner re-opening it on a new device). */
export async function addVisitor(db: Db, clock: Clock, sessionId: string, visitorId: string): Promise<void> {
  await db.insert(quizSessionVisitors).values({ sessionId, visitorId, addedAt: clock.now() }).onConflictDoNothing();
}

export async function createSession(
  db: Db,
  clock: Clock,
  input: {
    visitorId: string;
    customerId: string | null;
    flow: CompiledFlow;
    variants: Record<string, string>;
    /** The order the browser drew (ADR 067); null: drawn here from the session id when the flow shuffles anything. */
    order: ShownOrder | null;
    attribution: QuizAttribution;
    /** The browser's privacy choice when the run starts (ADR 055), or null before one. */
    consent?: ConsentRecord | null;
  },
): Promise<QuizSession> {
  const now = clock.now();
  const id = randomUUID();
  const order = shufflesAnything(input.flow) ? (input.order ?? drawOrder(input.flow, id)) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizSessions)
      .values({
        id,
        shownOrder: order,
        visitorId: input.visitorId,
        customerId: input.customerId,
        customerConfirmed: input.customerId !== null,
        flowCode: input.flow.code,
        flowVersion: input.flow.version,
        flowHash: input.flow.hash,
        variants: input.variants,
        attribution: input.attribution,
        consent: input.consent ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(quizSessionVisitors).values({ sessionId: row!.id, visitorId: input.visitorId, addedAt: now });
    return row!;
  });
}

/**
 * The stored answers that still fit the flow as it is now (a flow may have changed since they
 * were given): what the browser resumes with and what the server scores.
 */
export async function currentAnswers(db: Db, flow: CompiledFlow, sessionId: string): Promise<Answers> {
  const rows = await db.select().from(quizAnswers).where(eq(quizAnswers.sessionId, sessionId));
  const answers: Answers = {};
  for (const row of rows) {
    const checked = validateAnswer(flow, row.stepId, row.value);
    if (checked.ok) answers[row.stepId] = checked.value;
  }
  return answers;
}
