import { expect } from "vitest";
import { client, type TestApp } from "./test-app.ts";

/** The flow the publishing tests change (ADR 066): its file, its code, its first question as deployed and as published. */
export const ANXIETY = {
  file: "flows/anxiety.yaml",
  code: "anxiety_gad7",
  oldTitle: "How much has anxiety been bothering you lately?",
  newTitle: "How often has worry got in your way these two weeks?",
};

type Browser = ReturnType<typeof client>;
export type ServedFlow = { hash: string; steps: { id: string; title: string }[] };

/** POST /api/admin/flows/publish with the operator token. */
export const publishTo = (t: TestApp, token: string, body: object) =>
  t.app.inject({ method: "POST", url: "/api/admin/flows/publish", payload: body, headers: { authorization: `Bearer ${token}` } });

/** The version of the anxiety flow a new visitor gets from this app. */
export const liveAnxiety = async (t: TestApp) => (await client(t.app).get(`/api/quiz/flows/${ANXIETY.code}`)).json<{ data: ServedFlow }>().data;

/** Starts (or reopens) this browser's anxiety quiz on the version with this hash. */
export const startAnxiety = (browser: Browser, hash: string) => browser.post("/api/quiz/sessions", { flow_code: ANXIETY.code, flow_hash: hash });

/** A visitor who started the anxiety quiz on this version and answered its first item (gad1 = 2). */
export async function visitorMidQuiz(t: TestApp, hash: string, ip: string): Promise<{ browser: Browser; id: string }> {
  const browser = client(t.app, ip);
  const started = await startAnxiety(browser, hash);
  expect(started.statusCode).toBe(201);
  const id: string = started.json().data.id;
  expect((await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id: "gad1", value: 2, flow_hash: hash })).statusCode).toBe(200);
  return { browser, id };
}

/** The visitor mid-quiz still runs the version they started: its next answer is taken, and reopening gives their session on it. */
export async function expectKeepsVersion(visitor: { browser: Browser; id: string }, hash: string) {
  const { browser, id } = visitor;
  expect((await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id: "gad2", value: 1, flow_hash: hash })).statusCode).toBe(200);
  const reopened = await startAnxiety(browser, hash);
  expect(reopened.statusCode).toBe(200);
  expect(reopened.json().data).toMatchObject({ id, flow_hash: hash, answers: { gad1: 2, gad2: 1 } });
}
