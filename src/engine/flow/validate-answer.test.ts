import { describe, expect, it } from "vitest";
import { compiledForTest } from "./test-flow.ts";
import { validateAnswer } from "./validate-answer.ts";

const flowInput = {
  code: "every_kind",
  topic: "career",
  title: "Every kind",
  version: 1,
  paths: { start: "/every" },
  report: "every_report",
  answerSets: { agree5: [1, 2, 3, 4, 5].map((value) => ({ value, label: `Point ${value}` })) },
  steps: [
    { id: "intro", kind: "info", title: "Hi", body: ["Hello"] },
    {
      id: "role",
      kind: "single_choice",
      title: "Role",
      options: [
        { id: "a", label: "A" },
        { id: "b", label: "B" },
      ],
    },
    {
      id: "tasks",
      kind: "multiple_choice",
      title: "Tasks",
      min: 1,
      max: 2,
      options: [
        { id: "x", label: "X" },
        { id: "y", label: "Y" },
        { id: "z", label: "Z" },
      ],
    },
    { id: "like", kind: "likert", title: "Like", answers: "agree5" },
    { id: "like-maybe", kind: "likert", title: "Like, if you want to say", answers: "agree5", optional: true },
    { id: "hours", kind: "slider", title: "Hours", min: 0, max: 10, step: 0.5 },
    { id: "why", kind: "short_text", title: "Why", label: "Why", maxLength: 10 },
    { id: "maybe", kind: "short_text", title: "Maybe", label: "Maybe", optional: true },
    { id: "name", kind: "name", title: "Name", label: "Name" },
    { id: "email", kind: "email", title: "E-mail", label: "E-mail", consent: "I agree" },
    { id: "rate", kind: "feedback", title: "Rate", question: "How was it?" },
  ],
} satisfies Parameters<typeof compiledForTest>[0];
const flow = compiledForTest(flowInput);

const check = (step: string, value: unknown) => validateAnswer(flow, step, value);

describe("validateAnswer", () => {
  it("refuses a step the flow does not have", () => {
    expect(check("nope", "a")).toEqual({ ok: false, message: 'every_kind has no step "nope"' });
  });

  it("single choice: one option id of the step", () => {
    expect(check("role", "a")).toEqual({ ok: true, value: "a" });
    expect(check("role", "c")).toMatchObject({ ok: false, message: expect.stringContaining("not an option") });
    expect(check("role", ["a"]).ok).toBe(false);
    expect(check("role", 1).ok).toBe(false);
  });

  it("multiple choice: distinct option ids, between min and max", () => {
    expect(check("tasks", ["x", "z"])).toEqual({ ok: true, value: ["x", "z"] });
    expect(check("tasks", [])).toMatchObject({ ok: false, message: "choose at least 1 option" });
    expect(check("tasks", ["x", "y", "z"])).toMatchObject({ ok: false, message: "choose at most 2 options" });
    expect(check("tasks", ["x", "x"])).toMatchObject({ ok: false, message: "each option can be chosen once" });
    expect(check("tasks", ["x", "w"]).ok).toBe(false);
    expect(check("tasks", "x").ok).toBe(false);
    expect(check("tasks", [1]).ok).toBe(false);
  });

  it("likert: a value of its answer set", () => {
    expect(check("like", 5)).toEqual({ ok: true, value: 5 });
    expect(check("like", 6)).toMatchObject({ ok: false, message: "choose one of 1, 2, 3, 4, 5" });
    expect(check("like", 2.5).ok).toBe(false);
    expect(check("like", "3").ok).toBe(false);
  });

  it("a question is answered unless the author made it optional: then null skips it", () => {
    expect(check("like", null)).toMatchObject({ ok: false, message: "choose one of 1, 2, 3, 4, 5" });
    expect(check("role", null).ok).toBe(false);
    expect(check("hours", null).ok).toBe(false);
    expect(check("like-maybe", null)).toEqual({ ok: true, value: null });
    expect(check("like-maybe", 4)).toEqual({ ok: true, value: 4 });
    expect(check("like-maybe", 9).ok).toBe(false);
  });

  it("slider: within min and max, on the step grid", () => {
    expect(check("hours", 0)).toEqual({ ok: true, value: 0 });
    expect(check("hours", 7.5)).toEqual({ ok: true, value: 7.5 });
    expect(check("hours", 10)).toEqual({ ok: true, value: 10 });
    expect(check("hours", 10.5)).toMatchObject({ ok: false, message: "must be between 0 and 10" });
    expect(check("hours", -1).ok).toBe(false);
    expect(check("hours", 7.25)).toMatchObject({ ok: false, message: "must be 0 plus a multiple of 0.5" });
    expect(check("hours", Number.NaN).ok).toBe(false);
    expect(check("hours", "5").ok).toBe(false);
  });

  it("short text: trimmed, required unless optional, at most maxLength", () => {
    expect(check("why", "  fun  ")).toEqual({ ok: true, value: "fun" });
    expect(check("why", "   ")).toMatchObject({ ok: false, message: "enter your answer" });
    expect(check("why", "x".repeat(11))).toMatchObject({ ok: false, message: "at most 10 characters" });
    expect(check("why", "a\u0000b").ok).toBe(false);
    expect(check("why", "a\ud800b").ok).toBe(false);
    expect(check("why", "ok \u{1F600}")).toEqual({ ok: true, value: "ok \u{1F600}" });
    expect(check("why", "a\tb\nc")).toEqual({ ok: true, value: "a\tb\nc" });
    expect(check("maybe", "")).toEqual({ ok: true, value: "" });
    expect(check("why", 5).ok).toBe(false);
  });

  it("name: trimmed, required, at most 100 characters", () => {
    expect(check("name", " Ada ")).toEqual({ ok: true, value: "Ada" });
    expect(check("name", "").ok).toBe(false);
    expect(check("name", "x".repeat(101)).ok).toBe(false);
  });

  it("email: a valid address, lower-cased", () => {
    expect(check("email", " Ada@Example.ORG ")).toEqual({ ok: true, value: "ada@example.org" });
    for (const bad of ["ada", "ada@", "@example.org", "ada@example", "a..b@example.org", `${"x".repeat(250)}@example.org`, 42]) {
      expect(check("email", bad), String(bad)).toMatchObject({ ok: false, message: expect.any(String) });
    }
  });

  it("feedback: a whole rating from 1 to 5 and an optional comment", () => {
    expect(check("rate", { rating: 4 })).toEqual({ ok: true, value: { rating: 4 } });
    expect(check("rate", { rating: 5, comment: " great " })).toEqual({ ok: true, value: { rating: 5, comment: "great" } });
    expect(check("rate", { rating: 0 }).ok).toBe(false);
    expect(check("rate", { rating: 6 }).ok).toBe(false);
    expect(check("rate", { rating: 2.5 }).ok).toBe(false);
    expect(check("rate", { rating: 3, extra: 1 }).ok).toBe(false);
    expect(check("rate", { rating: 3, comment: "x".repeat(2001) }).ok).toBe(false);
    expect(check("rate", 3).ok).toBe(false);
  });

  it("steps that ask nothing take null", () => {
    expect(check("intro", null)).toEqual({ ok: true, value: null });
    expect(check("intro", undefined)).toEqual({ ok: true, value: null });
    expect(check("intro", "x")).toMatchObject({ ok: false, message: "step intro asks nothing: send null" });
  });

  it("the pre-checkout takes the chosen plan's product id, or null", () => {
    const withPlan = compiledForTest({
      ...flowInput,
      steps: [{ id: "plans", kind: "pre_checkout", title: "Plans", includes: [{ text: "A full report", delivers: "profile" }] }],
    });
    expect(validateAnswer(withPlan, "plans", "report_monthly")).toEqual({ ok: true, value: "report_monthly" });
    expect(validateAnswer(withPlan, "plans", null)).toEqual({ ok: true, value: null });
    expect(validateAnswer(withPlan, "plans", "Report Monthly!")).toMatchObject({ ok: false });
    expect(validateAnswer(withPlan, "plans", 3)).toMatchObject({ ok: false });
  });
});
