import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, answerAll, answerRows, FLOW, flowHash, quizTestApp, sessionRow, startQuiz } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await quizTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

type Browser = ReturnType<typeof client>;
const start = (browser: Browser, extra: Record<string, unknown> = {}) =>
  browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t), ...extra });

/**
 * The restart link ("Take the test again", `?again=1`) asks for a new run with `fresh: true` (ADR
 * 077): the server starts one even where it would re-open the visitor's run, and leaves that run
 * as it was. Without the flag the latest run comes back, as before.
 */
describe("POST /api/quiz/sessions with fresh", () => {
  it("a finished, unpaid run: without fresh it is re-opened; with fresh a new one starts, and the old one stays as it was", async () => {
    const browser = client(t.app, "203.0.113.71");
    const old = await startQuiz(t, browser);
    await answerAll(t, browser, old.id, "fresh-finished@example.org");
    expect((await browser.post(`/api/quiz/sessions/${old.id}/complete`)).statusCode).toBe(200);
    const answersBefore = await answerRows(t, old.id);

    const reopened = await start(browser);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ id: old.id, status: "ready" });

    t.clock.advance(60);
    const fresh = await start(browser, { fresh: true });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().data).toMatchObject({ status: "in_progress", answers: {} });
    expect(fresh.json().data.id).not.toBe(old.id);

    // The old run is untouched and still this browser's: scored, with its answers, its payment state readable.
    expect(await sessionRow(t, old.id)).toMatchObject({ status: "ready" });
    expect(await answerRows(t, old.id)).toEqual(answersBefore);
    expect((await browser.get(`/api/quiz/sessions/${old.id}/payment`)).statusCode).toBe(200);

    // Starting again without the flag (storage lost) re-opens the new run, not the one it left.
    const later = await start(browser);
    expect(later.statusCode).toBe(200);
    expect(later.json().data.id).toBe(fresh.json().data.id);
  });

  it("a run in progress: with fresh a new one begins; the left one keeps its answers and is not re-opened later", async () => {
    const browser = client(t.app, "203.0.113.72");
    const old = await startQuiz(t, browser);
    await answer(t, browser, old.id, "likes-building", 5);
    expect((await start(browser)).json().data).toMatchObject({ id: old.id, answers: { "likes-building": 5 } });

    t.clock.advance(60);
    const fresh = await start(browser, { fresh: true });
    expect(fresh.statusCode).toBe(201);
    const id = fresh.json().data.id as string;
    expect(id).not.toBe(old.id);
    expect(fresh.json().data.answers).toEqual({});
    expect(await sessionRow(t, old.id)).toMatchObject({ status: "in_progress" });
    expect(await answerRows(t, old.id)).toHaveLength(1);

    // The new run gets its answers; a browser that lost its copy comes back to it, not to the old one,
    // in progress or finished (the left run is in progress, yet older).
    expect((await answer(t, browser, id, "likes-building", 1)).statusCode).toBe(200);
    expect((await start(browser)).json().data).toMatchObject({ id, answers: { "likes-building": 1 } });
    await answerAll(t, browser, id, "fresh-progress@example.org");
    expect((await browser.post(`/api/quiz/sessions/${id}/complete`)).statusCode).toBe(200);
    expect((await start(browser)).json().data).toMatchObject({ id, status: "ready" });
  });

  it("refuses a fresh that is not a boolean, storing nothing", async () => {
    const browser = client(t.app, "203.0.113.73");
    const res = await start(browser, { fresh: "yes" });
    expect(res.statusCode).toBe(400);
  });
});
