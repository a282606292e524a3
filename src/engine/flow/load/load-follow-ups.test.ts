import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { loadFlow } from "./load-flow.ts";

/** A small flow with the given follow-ups; each problem comes back with its YAML path, line and column. */
const withFollowUps = (follow_ups: unknown) =>
  loadFlow(
    "f.yaml",
    stringify({
      code: "test_flow",
      topic: "career",
      title: "Test",
      version: 1,
      paths: { start: "/quiz/test_flow" },
      report: "test_report",
      steps: [{ id: "result", kind: "result", title: "Result" }],
      follow_ups,
    }),
  );
const mail = (id: string, after: string) => ({ id, after, subject: "Your results are saved", body: ["Hello,"], button: "See my report options" });
const problemsOf = (follow_ups: unknown) => {
  const r = withFollowUps(follow_ups);
  return r.ok ? [] : r.problems.map((p) => [p.path, p.message, p.line > 0 && p.column > 0]);
};

describe("a flow's follow-up e-mails", () => {
  it("compile apart from the quiz: the hash does not change with them", () => {
    const a = withFollowUps([mail("soon", "1h"), mail("later", "2d")]);
    const b = withFollowUps([mail("soon", "2h")]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value.follow_ups?.map((f) => f.after)).toEqual(["1h", "2d"]);
    expect(a.value.hash).toBe(b.value.hash);
  });

  it("read delays strictly, each later than the one before, ids unique, at most three, every problem located", () => {
    expect(problemsOf([mail("a", "1 hour"), mail("b", "90s"), mail("c", "1.5h")]).map((p) => p[0])).toEqual([
      "follow_ups.0.after",
      "follow_ups.1.after",
      "follow_ups.2.after",
    ]);
    expect(problemsOf([mail("a", "5m"), mail("b", "15d")])).toEqual([
      ["follow_ups.0.after", "a follow-up goes out between 15m and 14d after the e-mail was left", true],
      ["follow_ups.1.after", "a follow-up goes out between 15m and 14d after the e-mail was left", true],
    ]);
    expect(problemsOf([mail("a", "1d"), mail("a", "1h")])).toEqual([
      ["follow_ups.1.id", 'follow-up id "a" is used twice', true],
      ["follow_ups.1.after", "goes out at 1h, not after the follow-up before it (1d)", true],
    ]);
    expect(problemsOf([mail("a", "1h"), mail("b", "2h"), mail("c", "3h"), mail("d", "4h")])).toEqual([["follow_ups", "at most 3 follow-ups", true]]);
    expect(problemsOf([{ ...mail("a", "1h"), body: [] }]).map((p) => p[0])).toEqual(["follow_ups.0.body"]);
  });
});
