import { describe, expect, it } from "vitest";
import { asksRestart, flowRoutes, isEntryPath, restartPath, withoutRestart } from "./routes.ts";
import type { CompiledFlow } from "./types.ts";

const flow = (code: string, start: string, extra: Partial<CompiledFlow> = {}) =>
  ({
    code,
    report: `${code}_report`,
    paths: { start, aliases: [] },
    steps: [
      { id: "intro", kind: "info", title: "Hi", body: ["x"], path: start },
      { id: "result", kind: "result", title: "R", body: [], path: `${start}/result` },
    ],
    experiments: [],
    ...extra,
  }) as Pick<CompiledFlow, "code" | "report" | "paths" | "steps" | "experiments">;

describe("flowRoutes", () => {
  it("lists every path of every flow once, with the implied /quiz and /getquiz entries", () => {
    const career = flow("career_test", "/quiz/career_test", {
      paths: { start: "/quiz/career_test", aliases: ["/career"] },
      experiments: [
        {
          id: "e",
          variants: [
            { id: "a", weight: 1 },
            { id: "b", weight: 1, paths: { result: "/get-result-b" } },
          ],
        },
      ],
    });
    expect(flowRoutes([career, flow("burnout", "/burnout")])).toEqual([
      { path: "/quiz/career_test", flow: "career_test" },
      { path: "/career", flow: "career_test" },
      { path: "/quiz/career_test/result", flow: "career_test" },
      { path: "/get-result-b", flow: "career_test" },
      { path: "/getquiz/career_test_report", flow: "career_test" },
      { path: "/burnout", flow: "burnout" },
      { path: "/burnout/result", flow: "burnout" },
      { path: "/quiz/burnout", flow: "burnout" },
      { path: "/getquiz/burnout_report", flow: "burnout" },
    ]);
  });

  it("gives a path two flows claim to the first", () => {
    expect(flowRoutes([flow("one", "/same"), flow("two", "/same")]).filter((r) => r.path === "/same")).toEqual([{ path: "/same", flow: "one" }]);
  });
});

describe("isEntryPath", () => {
  const career = flow("career_test", "/career-test", {
    paths: { start: "/career-test", aliases: ["/Career"] },
    experiments: [
      {
        id: "e",
        variants: [
          { id: "a", weight: 1, paths: { intro: "/career-test-a" } },
          { id: "b", weight: 1, paths: { result: "/get-result-b" } },
        ],
      },
    ],
  });

  it("is true where the flow starts: its start, an alias, /quiz and /getquiz, a variant's path of the first step", () => {
    for (const path of ["/career-test", "/career", "/quiz/career_test", "/getquiz/career_test_report", "/career-test-a", "/CAREER-TEST"])
      expect(isEntryPath(career, path), path).toBe(true);
  });

  it("is false for a step further in, in any variant, and for a path the flow does not claim", () => {
    for (const path of ["/career-test/result", "/get-result-b", "/elsewhere"]) expect(isEntryPath(career, path), path).toBe(false);
  });
});

describe("the restart link", () => {
  it("is the flow's start asking for a new run, and the query reads it so", () => {
    const link = restartPath(flow("career_test", "/quiz/career_test"));
    expect(link).toBe("/quiz/career_test?again=1");
    expect(asksRestart(new URL(link, "http://x").search)).toBe(true);
    expect(asksRestart("?utm_source=mail")).toBe(false);
    expect(asksRestart("")).toBe(false);
  });

  it("is taken out of the query, leaving the rest (UTM tags) as it was", () => {
    expect(withoutRestart("?again=1")).toBe("");
    expect(withoutRestart("?utm_source=mail&again=1&utm_campaign=flat")).toBe("?utm_source=mail&utm_campaign=flat");
    expect(withoutRestart("?utm_source=mail")).toBe("?utm_source=mail");
  });
});
