import { count, eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { join } from "node:path";
import { expect } from "vitest";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import { nextStep } from "#engine/flow/next-step.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import type { Answers } from "#engine/flow/types.ts";
import * as schema from "#server/db/schema.ts";
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

/**
 * Takes one of the real funnels to its end in `browser`: the first sample answer of every step on
 * the path (the e-mail step gets `email`, the name step "Ada"), then completes it. Returns the
 * session id. The browser may be logged in (the session is then the customer's, confirmed). `start`
 * adds to the session's start (its variants, its attribution).
 */
export async function takeFlow(t: TestApp, browser: Browser, flowCode: string, email: string, start: Record<string, unknown> = {}): Promise<string> {
  const flow = t.flows.find((f) => f.code === flowCode)!;
  const started = await browser.post("/api/quiz/sessions", { flow_code: flow.code, flow_hash: flow.hash, ...start });
  expect(started.statusCode, started.body).toBeLessThan(300);
  const id = started.json<{ data: { id: string } }>().data.id;
  const given: Answers = {};
  let stepId: string | null = flow.steps[0]!.id;
  for (let guard = 0; stepId && guard < 300; guard++) {
    const step = flow.steps.find((s) => s.id === stepId)!;
    if (step.kind === "pre_checkout" || step.kind === "payment") break;
    if (isQuestion(step)) {
      const value = step.kind === "email" ? email : step.kind === "name" ? "Ada" : sampleAnswers(flow, step)[0];
      if (value !== undefined) {
        const res = await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id: step.id, value, flow_hash: flow.hash });
        expect(res.statusCode, `${step.id}: ${res.body}`).toBe(200);
        given[step.id] = value;
      }
    }
    stepId = nextStep(flow, step.id, given, {});
  }
  const done = await browser.post(`/api/quiz/sessions/${id}/complete`, {});
  expect(done.statusCode, done.body).toBe(200);
  return id;
}
