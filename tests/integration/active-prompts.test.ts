import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

type Prompt = { code: string; flow_code: string; topic: string; start: string; card: { title: string; order: number; minutes: number } | null };

describe("GET /api/active-prompts with the real funnels", () => {
  it("lists all ten assessments, each topic funnel at /{topic} and the career test on the spec's generic path", async () => {
    const res = await client(t.app).get("/api/active-prompts");
    expect(res.statusCode).toBe(200);
    const prompts = res.json().data as Prompt[];
    // The topics are the loaded flows' topics: no list in code says which exist.
    expect(prompts.map((p) => p.topic).sort()).toEqual(t.flows.map((f) => f.topic).sort());
    expect(prompts).toHaveLength(10);
    for (const p of prompts) expect(p.start).toBe(p.topic === "career" ? "/quiz/career_test_green" : `/${p.topic}`);
    // Every report code is distinct, and each one's template was loaded at start (a missing one stops the server).
    expect(new Set(prompts.map((p) => p.code)).size).toBe(10);
  });

  it("gives each quiz its home-page card, in the home page's order", async () => {
    const prompts = (await client(t.app).get("/api/active-prompts")).json().data as Prompt[];
    const orders = prompts.map((p) => p.card?.order);
    expect(orders.every((o) => typeof o === "number")).toBe(true);
    expect(orders).toEqual([...orders].sort((a, b) => a! - b!));
    expect(prompts[0]).toMatchObject({ flow_code: "career_test_green", card: { title: "Career Interest Test", minutes: 4 } });
    expect(prompts.find((p) => p.topic === "anxiety")?.card).toMatchObject({ title: "Anxiety Self-Check", minutes: 2 });
  });
});
