import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topics } from "../../schemas/flow/topics.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/** The quizzes a visitor can take, as the server started with the real flows/ folder lists them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await closeSharedDatabase();
});

describe("GET /api/active-prompts with the real funnels", () => {
  it("lists all ten assessments, each topic funnel at /{topic} and the career test on the spec's generic path", async () => {
    const res = await client(t.app).get("/api/active-prompts");
    expect(res.statusCode).toBe(200);
    const prompts = res.json().data as { code: string; flow_code: string; topic: string; start: string }[];
    expect(prompts.map((p) => p.topic).sort()).toEqual([...topics].sort());
    for (const p of prompts) expect(p.start).toBe(p.topic === "career" ? "/quiz/career_test_green" : `/${p.topic}`);
    // Every report code is distinct, and each one's template was loaded at start (a missing one stops the server).
    expect(new Set(prompts.map((p) => p.code)).size).toBe(10);
  });
});
