import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

type ToolkitFile = { title: string; stages: { id: string; items: { ref: string; why: string }[] }[] };
const file = parse(readFileSync(join(process.cwd(), "content", "career-toolkit", "career-toolkit.yaml"), "utf8")) as ToolkitFile;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("GET /api/career-toolkit", () => {
  it("serves every stage of the file, in order, to anyone, each item with why it is there", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/career-toolkit" });
    expect(res.statusCode).toBe(200);
    const toolkit = res.json().data as { title: string; stages: { id: string; items: { type: string; title: string; why: string; href: string }[] }[] };
    expect(toolkit.title).toBe(file.title);
    expect(toolkit.stages.map((s) => s.id)).toEqual(file.stages.map((s) => s.id));
    expect(toolkit.stages.flatMap((s) => s.items.map((i) => i.why))).toEqual(file.stages.flatMap((s) => s.items.map((i) => i.why)));
  });

  it("links each item to a plan, article or tool the account really serves, under its own title", async () => {
    const toolkit = (await t.app.inject({ method: "GET", url: "/api/career-toolkit" })).json().data as {
      stages: { items: { type: string; title: string; href: string }[] }[];
    };
    const get = async (url: string) => (await t.app.inject({ method: "GET", url })).json().data as Record<string, unknown>[];
    const articles = await get("/api/article/list");
    const tools = await get("/api/tools");
    const plans = await get("/api/edu-plan/list");
    const items = toolkit.stages.flatMap((s) => s.items);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(["article", "tool", "plan"]));
    for (const item of items) {
      const [, section, key] = /^\/account\/(library|tools|plans)\/([^/]+)$/.exec(item.href) ?? [];
      const target =
        section === "library"
          ? articles.find((a) => String(a.id) === key)
          : section === "tools"
            ? tools.find((x) => x.name === key)
            : plans.find((p) => p.code === key);
      expect(target, item.href).toBeDefined();
      expect(item.title).toBe(section === "tools" ? target!.title : target!.name);
    }
  });
});
