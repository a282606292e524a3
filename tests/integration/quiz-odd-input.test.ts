import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, answerRows, FLOW, flowHash, quizTestApp, sessionRow, startQuiz } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await quizTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** Strings PostgreSQL refuses in text and jsonb: a NUL, and lone UTF-16 surrogates. */
const ODD = ["a\u0000b", "a\ud800b", "\udc00", "ok\ud83d"];

describe("characters the database cannot store never cause a 500", () => {
  it.each(ODD)("a typed answer with %j is a 400 naming body.value", async (text) => {
    const browser = client(t.app, "192.0.2.150");
    const { id } = await startQuiz(t, browser);
    for (const step of ["switch-reason", "name"]) {
      const res = await answer(t, browser, id, step, text);
      expect(res.statusCode, step).toBe(400);
      expect(res.json().error.issues[0].path).toBe("body.value");
    }
    const feedback = await answer(t, browser, id, "feedback", { rating: 4, comment: text });
    expect(feedback.statusCode).toBe(400);
    expect(await answerRows(t, id)).toEqual([]);
  });

  // The last one would be cut in the middle of the emoji's surrogate pair by a naive 500-character cut.
  it.each([...ODD, `${"x".repeat(499)}\u{1F600}!`])("attribution with %j is stored without the characters", async (text) => {
    const res = await client(t.app, "192.0.2.151").post("/api/quiz/sessions", {
      flow_code: FLOW,
      flow_hash: flowHash(t),
      attribution: { utm: { utm_source: text, quiz_title: text }, fbclid: text },
    });
    expect(res.statusCode).toBe(201);
    const { attribution } = await sessionRow(t, res.json().data.id);
    const stored = JSON.stringify(attribution);
    expect(stored).not.toMatch(/\\u0000|\\ud[89a-f]/i);
  });
});
