import { describe, expect, it } from "vitest";
import { answerWords, fillPipes, malformedPipe, pipedTexts } from "./pipe.ts";
import { compiledForTest } from "./test-flow.ts";

const flow = compiledForTest({
  code: "pipe_flow",
  topic: "career",
  title: "Pipes",
  version: 1,
  paths: { start: "/pipe" },
  report: "pipe_report",
  answerSets: { agree: [1, 2].map((value) => ({ value, label: `Point ${value}` })) },
  steps: [
    { id: "intro", kind: "info", title: "Hello", body: ["Hi."], next: "role" },
    {
      id: "role",
      kind: "single_choice",
      title: "Role",
      options: [
        { id: "lead", label: "Team lead" },
        { id: "ic", label: "Individual contributor" },
      ],
      next: "likes",
    },
    {
      id: "likes",
      kind: "multiple_choice",
      title: "Likes",
      options: ["pay", "people", "purpose"].map((id) => ({ id, label: id.toUpperCase() })),
      next: "mood",
    },
    { id: "mood", kind: "likert", answers: "agree", title: "Mood", next: "hours" },
    { id: "hours", kind: "slider", title: "Hours", min: 0, max: 10, unit: "hours", next: "name" },
    { id: "name", kind: "name", title: "Name", label: "First name", optional: true, next: "result" },
    { id: "result", kind: "result", title: "Result" },
  ],
});
const words = (answers: Record<string, unknown>) => (id: string) => answerWords(flow, answers as never, id, (t) => (typeof t === "string" ? t : t.code));

describe("pipes", () => {
  it("fills each pipe with the words of the answer: labels, not ids", () => {
    const answers = { role: "lead", likes: ["purpose", "pay"], mood: 2, hours: 7, name: "Ana" };
    expect(fillPipes("As a {{role}} who likes {{likes}} ({{ mood }}, {{hours}}), {{name}}", words(answers))).toBe(
      "As a Team lead who likes PAY, PURPOSE (Point 2, 7 hours), Ana",
    );
  });

  it("uses the fallback when the step has no answer or no words, and nothing when there is none", () => {
    expect(fillPipes("Hi {{name | there}}!", words({}))).toBe("Hi there!");
    expect(fillPipes("Hi {{name | there}}!", words({ name: "" }))).toBe("Hi there!");
    expect(fillPipes("Hi {{name}}!", words({}))).toBe("Hi !");
  });

  it("puts a typed answer in as plain text, markup and braces included, never read again", () => {
    const typed = `<img src=x onerror=alert(1)> {{role}}`;
    expect(fillPipes("Hello {{name}}", words({ name: typed, role: "lead" }))).toBe(`Hello ${typed}`);
  });

  it("fills every string of a step and leaves other values alone", () => {
    const step = { id: "x", title: "{{role}}?", options: [{ id: "a", label: "More than {{hours | some}}" }], min: 1 };
    expect(pipedTexts(step, words({ role: "ic" }))).toEqual({
      id: "x",
      title: "Individual contributor?",
      options: [{ id: "a", label: "More than some" }],
      min: 1,
    });
  });

  it("tells braces that are not a pipe", () => {
    expect(malformedPipe("Hi {{name}}")).toBeNull();
    expect(malformedPipe("Hi {{Name}}")).toBe("{{Name}}");
    expect(malformedPipe("Hi {{name")).toBe("{{name");
    expect(malformedPipe("Hi {{}}")).toBe("{{}}");
  });
});
