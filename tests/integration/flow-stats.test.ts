import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOW_STATS_TTL_SECONDS } from "#server/quiz/flow-stats.ts";
import { answerAll, FLOW, quizTestApp, startQuiz } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let n = 0;

/** A visitor who takes the fixture quiz to the end (answers scored), or stops after starting it. */
async function run(finish: boolean): Promise<void> {
  const browser = client(t.app, `203.0.113.${++n}`, t.origin);
  const session = await startQuiz(t, browser);
  if (!finish) return;
  await answerAll(t, browser, session.id, `finisher${n}@example.com`);
  expect((await browser.post(`/api/quiz/sessions/${session.id}/complete`)).statusCode).toBe(200);
}

const stats = async (code = FLOW) => t.app.inject({ method: "GET", url: `/api/quiz/flows/${code}/stats` });

beforeAll(async () => {
  t = await quizTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("GET /api/quiz/flows/:code/stats (the social-proof count)", () => {
  it("counts the runs that finished in the last 30 days, re-counted every ten minutes", async () => {
    const first = await stats();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { finished_30d: 0 } });
    expect(first.headers["cache-control"]).toBe(`public, max-age=${FLOW_STATS_TTL_SECONDS}`);

    await run(true);
    await run(true);
    await run(false);
    // Still the cached count until ten minutes have passed.
    expect((await stats()).json()).toEqual({ data: { finished_30d: 0 } });
    t.clock.advance(FLOW_STATS_TTL_SECONDS + 1);
    expect((await stats()).json()).toEqual({ data: { finished_30d: 2 } });

    // 31 days later, those runs are out of the window.
    t.clock.advance(31 * 86_400);
    expect((await stats()).json()).toEqual({ data: { finished_30d: 0 } });
  });

  it("answers 404 for a quiz that does not exist and 400 for a code that cannot be one", async () => {
    const missing = await stats("no_such_quiz");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: "not_found" } });
    const bad = await stats("Career%20Test");
    expect(bad.statusCode).toBe(400);
  });
});
