import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import type { Answers } from "#engine/flow/types.ts";
import { StepScreen } from "./StepScreen.tsx";

// A question after another of its kind is drawn in the same elements with the new words and values
// (src/web/funnel/steps/registry.ts, ADR 042): the step change restyles what changed, not a whole
// new step. Each question still starts from its own saved answer, and other kinds are drawn anew.

const flow = compiledForTest({
  code: "in_place",
  topic: "career",
  title: "In place",
  version: 1,
  paths: { start: "/in-place" },
  report: "in_place_report",
  answerSets: { like5: ["Strongly dislike", "Dislike", "Unsure", "Like", "Strongly like"].map((label, value) => ({ value, label })) },
  steps: [
    { id: "bike", kind: "likert", title: "Repair a bicycle", answers: "like5", next: "poster" },
    { id: "poster", kind: "likert", title: "Design a poster", answers: "like5", next: "stage" },
    {
      id: "stage",
      kind: "single_choice",
      title: "Where are you now?",
      options: [
        { id: "student", label: "Student" },
        { id: "working", label: "Working" },
      ],
      next: "goal",
    },
    {
      id: "goal",
      kind: "single_choice",
      title: "What do you want?",
      options: [
        { id: "change", label: "A change" },
        { id: "growth", label: "Growth" },
      ],
      next: "pause",
    },
    { id: "pause", kind: "info", title: "Half way", body: ["Keep going."], next: "done" },
    { id: "done", kind: "result", title: "Done" },
  ],
  scoring: { scales: [{ id: "realistic", name: "Realistic", items: ["bike", "poster"] }] },
});

function draw(stepId: string, answers: Answers = {}) {
  return (
    <MemoryRouter>
      <StepScreen flow={flow} stepId={stepId} answers={answers} t={(c) => `{{${c}}}`} onAnswer={vi.fn()} onBack={null} />
    </MemoryRouter>
  );
}

const heading = () => screen.getByRole("heading", { level: 1 });
const radios = () => screen.getAllByRole<HTMLInputElement>("radio");

describe("the next question of the same kind, drawn in place", () => {
  it("keeps the title, the choices and Continue as the same elements, with the new words, and nothing picked", async () => {
    const view = render(draw("bike"));
    const before = {
      heading: heading(),
      radios: radios(),
      labels: radios().map((r) => r.closest("label")),
      button: screen.getByRole("button", { name: "Continue" }),
    };
    await userEvent.setup().click(screen.getByRole("radio", { name: "Like" }));
    expect(radios()[3]!.checked).toBe(true);

    act(() => view.rerender(draw("poster", { bike: 3 })));
    expect(heading().textContent).toBe("Design a poster");
    expect(heading()).toBe(before.heading);
    expect(radios()).toEqual(before.radios);
    expect(radios().map((r) => r.closest("label"))).toEqual(before.labels);
    expect(screen.getByRole("button", { name: "Continue" })).toBe(before.button);
    // The pick was the last question's: the new one starts unpicked, its choices unmarked.
    expect(radios().some((r) => r.checked)).toBe(false);
    expect(document.querySelector(".choice[data-checked]")).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Continue" }).disabled).toBe(true);

    // Back to the first question, in place too: its saved answer is shown.
    act(() => view.rerender(draw("bike", { bike: 3 })));
    expect(heading()).toBe(before.heading);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Like" }).checked).toBe(true);
  });

  it("single choices take over the same elements with the next question's options", () => {
    const view = render(draw("stage"));
    const before = radios();
    act(() => view.rerender(draw("goal", { stage: "working" })));
    expect(radios()).toEqual(before);
    expect(radios().map((r) => r.closest("label")?.textContent)).toEqual(["A change", "Growth"]);
    expect(radios().some((r) => r.checked)).toBe(false);
  });

  it("another kind of step is drawn anew", () => {
    const view = render(draw("poster"));
    const before = heading();
    act(() => view.rerender(draw("stage", { poster: 2 })));
    expect(heading().textContent).toBe("Where are you now?");
    expect(heading()).not.toBe(before);
  });
});
