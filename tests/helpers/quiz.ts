import { count, eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { join } from "node:path";
import { expect } from "vitest";
import * as schema from "../../src/server/db/schema.ts";
import { createTestApp, type client, type TestApp } from "./test-app.ts";

/** The quiz-session API tests run on their own fixture flows (tests/fixtures/flows/server-*.yaml). */
export const quizTestApp = () => createTestApp({ flows: { dir: join(process.cwd(), "tests/fixtures/flows"), only: /^server-.*\.yaml$/ } });

export const FLOW = "server_quiz";

export const flowHash = (t: TestApp, code = FLOW) => t.flows.find((f) => f.code === code)!.hash;

export type Browser = ReturnType<typeof client>;

/** Starts (or re-opens) the fixture quiz in a browser and returns the session body. */
export async function startQuiz(t: TestApp, browser: Browser, extra: Record<string, unknown> = {}) {
  const res = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t), ...extra });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as {
    id: string;
    flow_code: string;
    flow_hash: string;
    status: string;
    variants: Record<string, string>;
    answers: Record<string, unknown>;
  };
}

export const answer = (t: TestApp, browser: Browser, sessionId: string, stepId: string, value: unknown) =>
  browser.post(`/api/quiz/sessions/${sessionId}/answers`, { step_id: stepId, value, flow_hash: flowHash(t) });

/** Every question of the fixture on the "working" branch, answered. */
export const fullAnswers = (email: string): [string, unknown][] => [
  ["likes-building", 4],
  ["likes-people", 2],
  ["stage", "working"],
  ["tasks", ["fixing"]],
  ["hours", 8],
  ["name", "Ada"],
  ["email", email],
];

export async function answerAll(t: TestApp, browser: Browser, sessionId: string, email: string) {
  for (const [step, value] of fullAnswers(email)) {
    const res = await answer(t, browser, sessionId, step, value);
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
}

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Row count of every table, except the rate-limit counters (which count bad requests too). */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const entries = await Promise.all(
    tables
      .filter((table) => getTableName(table) !== "rate_limits")
      .map(async (table) => {
        const [row] = await t.db.select({ n: count() }).from(table);
        return [getTableName(table), row!.n] as const;
      }),
  );
  return Object.fromEntries(entries);
}

export async function sessionRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(schema.quizSessions).where(eq(schema.quizSessions.id, id));
  return row!;
}

export async function answerRows(t: TestApp, id: string) {
  return t.db.select().from(schema.quizAnswers).where(eq(schema.quizAnswers.sessionId, id));
}

export async function eventRows(t: TestApp, id: string) {
  return t.db.select().from(schema.quizEvents).where(eq(schema.quizEvents.sessionId, id));
}
