import { describe, expect, it } from "vitest";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import { checkCareerToolkit } from "./career-toolkit.ts";

const library: ReportLibrary = {
  plans: [{ code: "career-clarity-7-days", title: "Career clarity in 7 days", summary: "A week of short tasks." }],
  articles: [{ id: 7, slug: "testing-a-career-idea", title: "Testing a career idea", summary: "Try it small first." }],
  tools: [{ name: "values-card-sort", title: "Values card sort", summary: "Sort what matters." }],
};

const file = (ref: string, secondId = "act") => `title: Career toolkit
intro:
  - A career decision usually takes a few moves, in order.
stages:
  - id: know
    title: Know yourself
    summary: Put words to what you enjoy and value.
    items:
      - ref: tool:values-card-sort
        why: Gives you a short list of values to judge options against.
      - ref: plan:career-clarity-7-days
        why: Seven days of short tasks towards one experiment.
  - id: ${secondId}
    title: Test it
    summary: Try an option on a small scale before committing.
    items:
      - ref: article:testing-a-career-idea
        why: Ways to try a line of work cheaply and quickly.
      - ref: ${ref}
        why: Another way to check the idea before you commit.
`;

describe("checkCareerToolkit", () => {
  it("resolves every item to its title, summary and place in the account, keeping the stage's order", () => {
    const result = checkCareerToolkit("toolkit.yaml", file("plan:career-clarity-7-days"), library);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.stages.map((s) => s.id)).toEqual(["know", "act"]);
    expect(result.value.stages[0]!.items[0]).toEqual({
      type: "tool",
      title: "Values card sort",
      text: "Sort what matters.",
      why: "Gives you a short list of values to judge options against.",
      href: "/account/tools/values-card-sort",
    });
    expect(result.value.stages[1]!.items.map((i) => i.href)).toEqual(["/account/library/7", "/account/plans/career-clarity-7-days"]);
  });

  it("a reference to content that does not exist is a problem at its line", () => {
    const result = checkCareerToolkit("toolkit.yaml", file("article:no-such-article"), library);
    expect(result).toEqual({
      ok: false,
      problems: [expect.objectContaining({ file: "toolkit.yaml", line: 19, path: "stages.1.items.1.ref", message: "article:no-such-article is not in the account's content" })],
    });
  });

  it("a malformed reference and a repeated stage id are located too", () => {
    const malformed = checkCareerToolkit("toolkit.yaml", file("video:intro"), library);
    expect(malformed.ok ? [] : malformed.problems.map((p) => [p.path, p.line])).toEqual([["stages.1.items.1.ref", 19]]);
    const repeated = checkCareerToolkit("toolkit.yaml", file("plan:career-clarity-7-days", "know"), library);
    expect(repeated.ok ? [] : repeated.problems.map((p) => [p.path, p.message])).toEqual([["stages.1.id", "stage know is used twice"]]);
  });
});
