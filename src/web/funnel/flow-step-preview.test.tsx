import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { FlowStepPreview } from "./FlowStepPreview.tsx";

// Storybook and the console's step preview draw a step through FlowStepPreview (ADR 067): a
// shuffled question in a drawn order, a piped text with the earlier steps' sample answers.

const labels = ["Meetings", "Messages", "Tiredness", "Noise", "Travel", "Family", "Deadlines", "Email"];
const flow = compiledForTest({
  code: "preview_order",
  topic: "career",
  title: "Preview",
  version: 1,
  paths: { start: "/preview-order" },
  report: "preview_report",
  steps: [
    { id: "intro", kind: "info", title: "Hello", body: ["Hi."], next: "name" },
    { id: "name", kind: "name", title: "Your name?", label: "First name", next: "obstacle" },
    {
      id: "obstacle",
      kind: "single_choice",
      title: "{{name}}, what gets in the way most?",
      shuffle: { keep_last: ["none"] },
      options: [...labels.map((label) => ({ id: label.toLowerCase(), label })), { id: "none", label: "None of these" }],
      next: "done",
    },
    { id: "done", kind: "result", title: "Done" },
  ],
});

describe("a step preview", () => {
  it("shows a shuffled question in a drawn order, the kept-last option last, and its piped title with a sample answer", () => {
    render(
      <MemoryRouter>
        <FlowStepPreview flow={flow} stepId="obstacle" />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Alex, what gets in the way most?");
    const shown = screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent?.trim());
    expect(shown.at(-1)).toBe("None of these");
    expect(shown.slice(0, -1)).not.toEqual(labels);
    expect([...shown.slice(0, -1)].sort()).toEqual([...labels].sort());
  });
});
