import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import { checkFlows, isReservedPath } from "./check-flows.ts";

const file = (code: string, start: string, resultPath?: string) => ({
  file: `flows/${code}.yaml`,
  text: stringify({
    code,
    topic: "career",
    title: "T",
    version: 1,
    paths: { start },
    report: `${code}_report`,
    steps: [
      { id: "intro", kind: "info", title: "Hi", body: ["x"], next: "result" },
      { id: "result", kind: "result", title: "R", ...(resultPath ? { path: resultPath } : {}) },
    ],
  }),
});

describe("checkFlows", () => {
  it("loads good flows", () => {
    const { flows, problems } = checkFlows([file("one_flow", "/one"), file("two_flow", "/two")]);
    expect(problems).toEqual([]);
    expect(flows.map((f) => f.code)).toEqual(["one_flow", "two_flow"]);
  });

  it("refuses a path claimed by two flows, including the implied /quiz/{code}", () => {
    const { flows, problems } = checkFlows([file("one_flow", "/one"), file("two_flow", "/quiz/one_flow")]);
    expect(problems).toEqual([
      expect.objectContaining({
        file: "flows/two_flow.yaml",
        path: "paths.start",
        message: expect.stringContaining('path /quiz/one_flow is already used by flow "one_flow" (flows/one_flow.yaml:'),
      }),
    ]);
    expect(flows.map((f) => f.code)).toEqual(["one_flow"]);
  });

  it("refuses every page the app routes itself (its route patterns), and everything under /account and /admin", () => {
    for (const pattern of Object.values(routePatterns)) expect(isReservedPath(pattern.replace(/:\w+/g, "x")), pattern).toBe(true);
    // Pages a hand list once left out: the provider's return page and the console.
    expect(isReservedPath("/order-redirect")).toBe(true);
    expect(isReservedPath("/admin/funnels")).toBe(true);
    expect(isReservedPath("/account/orders")).toBe(true);
    expect(isReservedPath("/admin")).toBe(true);
    expect(isReservedPath("/accounting")).toBe(false);
    expect(isReservedPath("/burnout")).toBe(false);
    const { problems } = checkFlows([file("one_flow", "/one", "/account/result")]);
    expect(problems).toEqual([expect.objectContaining({ path: "steps.1.path", stepId: "result", message: "path /account/result is reserved by the app" })]);
  });

  it("keeps the problems of a broken file and still checks the others", () => {
    const { flows, problems } = checkFlows([{ file: "flows/bad.yaml", text: "code: [" }, file("one_flow", "/one")]);
    expect(problems.every((p) => p.file === "flows/bad.yaml")).toBe(true);
    expect(flows.map((f) => f.code)).toEqual(["one_flow"]);
  });
});
