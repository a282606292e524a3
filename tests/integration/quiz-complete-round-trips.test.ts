import { beforeAll, describe, expect, it } from "vitest";
import { answerAll, eventRows, sessionRow, startQuiz } from "../helpers/quiz.ts";
import { client, type TestApp } from "../helpers/test-app.ts";
import { appWithQueryLog } from "../helpers/query-log.ts";

/**
 * Finishing the quiz under a burst (ADR 040): three round trips, no transaction held open across
 * them, and still one completion however often and however concurrently it is sent.
 */
const logged = appWithQueryLog();
const { queries } = logged;
let t: TestApp;
beforeAll(() => {
  t = logged.app();
});

const complete = (browser: ReturnType<typeof client>, id: string) => browser.post(`/api/quiz/sessions/${id}/complete`);

describe("completing a quiz", () => {
  it("takes five statements in three round trips, with no transaction, and writes the completion and its event together", async () => {
    const browser = client(t.app, "192.0.2.170");
    const { id } = await startQuiz(t, browser);
    await answerAll(t, browser, id, "complete-trips@example.org");
    queries.length = 0;
    const done = await complete(browser, id);
    expect(done.statusCode, done.body).toBe(200);
    // The mail sender polls the outbox meanwhile: only the quiz's own statements are counted.
    const own = queries.filter((q) => /rate_limits|quiz_/.test(q));
    expect(own).toHaveLength(5);
    expect(own.some((q) => /^\s*(begin|commit)/i.test(q))).toBe(false);
    expect((await sessionRow(t, id)).status).toBe("ready");
    expect((await eventRows(t, id)).filter((e) => e.type === "complete")).toHaveLength(1);
  });

  it("sent twice at once (two tabs), completes once: one event, the same scores in both answers", async () => {
    const browser = client(t.app, "192.0.2.171");
    const { id } = await startQuiz(t, browser);
    await answerAll(t, browser, id, "complete-twice@example.org");
    const [a, b] = await Promise.all([complete(browser, id), complete(browser, id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect((await eventRows(t, id)).filter((e) => e.type === "complete")).toHaveLength(1);
    expect((await sessionRow(t, id)).scores).toBeTruthy();
  });
});
