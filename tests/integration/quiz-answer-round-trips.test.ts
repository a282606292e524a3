import { beforeAll, describe, expect, it } from "vitest";
import { answer, answerRows, eventRows, FLOW, flowHash } from "../helpers/quiz.ts";
import { client, type TestApp } from "../helpers/test-app.ts";
import { appWithQueryLog } from "../helpers/query-log.ts";

/**
 * An answer save is the funnel's hot path (about 40 per visitor): it costs one database round trip
 * (rate limits, ownership, the answer, the session's time and the event in one statement), and it
 * still refuses what it refused before, changing nothing.
 */
const logged = appWithQueryLog();
const { queries } = logged;
let t: TestApp;
beforeAll(() => {
  t = logged.app();
});

async function start(ip: string) {
  const browser = client(t.app, ip);
  const res = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t) });
  return { browser, id: res.json().data.id as string };
}

/** The statements one request sends. */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  queries.length = 0;
  const result = await run();
  return { result, statements: [...queries] };
}

describe("saving an answer", () => {
  it("takes one statement, and stores the answer, its event and the session's time", async () => {
    const { browser, id } = await start("192.0.2.150");
    const { result, statements } = await counted(() => answer(t, browser, id, "likes-building", 3));
    expect(result.statusCode, result.body).toBe(200);
    expect(statements, statements.join("\n")).toHaveLength(1);
    expect((await answerRows(t, id)).map((r) => [r.stepId, r.value])).toEqual([["likes-building", 3]]);
    expect((await eventRows(t, id)).filter((e) => e.type === "answer").map((e) => e.stepId)).toEqual(["likes-building"]);

    // A second answer replaces the first, in one statement too.
    const again = await counted(() => answer(t, browser, id, "likes-building", 1));
    expect(again.statements, again.statements.join("\n")).toHaveLength(1);
    expect((await answerRows(t, id)).map((r) => r.value)).toEqual([1]);
  });

  it("sends every visitor's save as the same statement text, with the values apart as parameters", async () => {
    const first = await start("192.0.2.154");
    const second = await start("192.0.2.155");
    const a = await counted(() => answer(t, first.browser, first.id, "likes-building", 2));
    const b = await counted(() => answer(t, second.browser, second.id, "likes-people", 3));
    expect([a.result.statusCode, b.result.statusCode]).toEqual([200, 200]);
    expect(a.statements).toEqual(b.statements);
    for (const value of [first.id, second.id, "likes-building", "192.0.2.154"]) expect(a.statements[0]).not.toContain(value);
  });

  it("answers a save with the same body by the one-trip path and by the e-mail step's full path", async () => {
    const { browser, id } = await start("192.0.2.156");
    const quick = await answer(t, browser, id, "likes-building", 3);
    const full = await answer(t, browser, id, "email", "round-trips@example.org");
    for (const res of [quick, full]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.json()).toEqual({ data: { saved: true } });
    }
  });

  it("in one statement still answers 404 to another visitor's session and stores nothing", async () => {
    const owner = await start("192.0.2.151");
    const stranger = client(t.app, "192.0.2.152");
    const { result, statements } = await counted(() => answer(t, stranger, owner.id, "likes-building", 4));
    expect(result.statusCode).toBe(404);
    expect(statements, statements.join("\n")).toHaveLength(1);
    expect(await answerRows(t, owner.id)).toEqual([]);
  });

  it("answers 429 with Retry-After past the per-session limit, without storing the answer", async () => {
    const { browser, id } = await start("192.0.2.153");
    for (let i = 0; i < 400; i++) expect((await answer(t, browser, id, "likes-people", (i % 4) + 1)).statusCode).toBe(200);
    const over = await answer(t, browser, id, "likes-people", 4);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await answerRows(t, id)).find((r) => r.stepId === "likes-people")?.value).toBe((399 % 4) + 1);
  });
});
