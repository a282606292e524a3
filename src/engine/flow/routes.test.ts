import { describe, expect, it } from "vitest";
import { flowRoutes } from "./routes.ts";
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
