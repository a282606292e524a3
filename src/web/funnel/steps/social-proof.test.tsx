import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { infoStep } from "#schemas/flow/steps.ts";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { StepScreen } from "../frame/StepScreen.tsx";

const LINE = "{count} people finished this test in the last 30 days.";

function showIntro(finished30d: number | undefined) {
  const flow = compiledForTest({
    code: "proof_flow",
    topic: "career",
    title: "Proof flow",
    version: 1,
    paths: { start: "/proof" },
    report: "proof_report",
    answerSets: { like3: ["Dislike", "Unsure", "Like"].map((label, value) => ({ value, label })) },
    steps: [
      {
        id: "intro",
        kind: "info",
        title: "Find your kind of work",
        body: ["Thirty activities, four minutes."],
        socialProof: { text: LINE, minimum: 100 },
        next: "liking",
      },
      { id: "liking", kind: "likert", title: "Build a bookshelf", answers: "like3", next: "done" },
      { id: "done", kind: "result", title: "Done" },
    ],
    scoring: { scales: [{ id: "realistic", name: "Realistic", items: ["liking"] }] },
  } as never);
  render(
    <MemoryRouter>
      <StepScreen flow={flow} stepId="intro" answers={{}} t={(c) => c} onAnswer={() => {}} onBack={null} loaded={{ finished30d }} />
    </MemoryRouter>,
  );
}

describe("the social-proof line", () => {
  it("shows the real count, formatted, once it reaches the step's minimum", () => {
    showIntro(1240);
    expect(screen.getByText("1,240 people finished this test in the last 30 days.")).toBeTruthy();
  });

  it("is left out below the minimum, and while the count is not known", () => {
    showIntro(99);
    expect(screen.queryByText(/people finished this test/)).toBeNull();
    showIntro(undefined);
    expect(screen.queryByText(/people finished this test/)).toBeNull();
  });

  it("must say {count} exactly once, and the minimum is 100 unless the author sets another", () => {
    const base = { id: "intro", kind: "info", title: "T", body: ["B"] };
    expect(infoStep.safeParse({ ...base, socialProof: { text: "Thousands love this test." } }).success).toBe(false);
    expect(infoStep.safeParse({ ...base, socialProof: { text: "{count} and {count}" } }).success).toBe(false);
    const parsed = infoStep.parse({ ...base, socialProof: { text: LINE } });
    expect(parsed.socialProof).toEqual({ text: LINE, minimum: 100 });
  });
});
