import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";
import { quizTestApp, startQuiz } from "../helpers/quiz.ts";

/**
 * The visitor cookie owns quiz sessions and their orders, so every write of the areas that read it
 * (quiz, payments, reports: docs/decisions/046-routes-by-area.md) must say where it comes from. One
 * hook per area does it (src/server/plugins/visitor-origin.ts); leaving it out of an area fails here.
 */
let t: TestApp;
let visitorCookie: string;
let sessionId: string;

beforeAll(async () => {
  t = await quizTestApp();
  const browser = client(t.app, "198.51.100.90");
  sessionId = (await startQuiz(t, browser)).id;
  visitorCookie = `vid=${browser.cookies.get("vid")}`;
});
afterAll(async () => {
  await t?.close();
  await closeSharedDatabase();
});

const WRITES_BY_AREA: Record<string, string[]> = {
  quiz: [
    "/api/quiz/sessions",
    "/api/quiz/sessions/resume",
    "/api/quiz/sessions/:id/answers",
    "/api/quiz/sessions/:id/events",
    "/api/quiz/sessions/:id/complete",
  ],
  payments: ["/api/checkout/start", "/api/quiz/sessions/:id/include-report"],
  reports: ["/api/customer/start-lreport-generation"],
};

const post = (url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: url.replace(":id", sessionId),
    remoteAddress: "198.51.100.90",
    headers: { "content-type": "application/json", ...headers },
    payload: {},
  });

describe.each(Object.entries(WRITES_BY_AREA))("the %s area", (_area, urls) => {
  it.each(urls)("refuses POST %s carrying the visitor cookie without an Origin header", async (url) => {
    const res = await post(url, { cookie: visitorCookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "forbidden_origin", message: expect.stringMatching(/Origin/) });
  });

  it.each(urls)("lets POST %s through to its own checks with our Origin, or without the visitor cookie", async (url) => {
    const headerSets: Record<string, string>[] = [{ cookie: visitorCookie, origin: t.origin }, {}];
    for (const headers of headerSets) {
      const res = await post(url, headers);
      expect(res.json().error?.code, `${url} ${JSON.stringify(Object.keys(headers))}`).not.toBe("forbidden_origin");
    }
  });
});

it("leaves the providers' webhooks out of the check (they are signed, and never come from a browser)", async () => {
  const res = await post("/api/webhooks/pay_pro", { cookie: visitorCookie });
  expect(res.json().error?.code).not.toBe("forbidden_origin");
});
