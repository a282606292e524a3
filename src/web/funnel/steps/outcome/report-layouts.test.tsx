import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import golden from "#tests/reports/__golden__/career-report.json";
import type { ReportDocument } from "#schemas/report/document.ts";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { StepScreen } from "#web/funnel/frame/StepScreen.tsx";
import type { StepContext } from "#web/funnel/frame/view-model.ts";

/**
 * The result page experiment as the funnel draws it: the visitor's variant picks the report's
 * layout, `?style=2` the alternate view, and the early variant's teaser shows what the
 * pre-checkout promises beside each locked section.
 */
const flow = compiledForTest({
  code: "layout_flow",
  topic: "career",
  title: "Layout flow",
  version: 1,
  paths: { start: "/layouts" },
  report: "career_riasec",
  steps: [
    { id: "summary", kind: "summary", title: "Your interest profile", cta: "Get my full report", next: "pre" },
    {
      id: "pre",
      kind: "pre_checkout",
      title: "Your report",
      includes: [
        { text: "Professions that match your profile, with pay", delivers: "professions" },
        { text: "Your three-letter interest code", delivers: "interest-code" },
      ],
      next: "result",
    },
    { id: "result", kind: "result", title: "Thank you, here is your report" },
  ],
  experiments: [
    {
      id: "result_page",
      variants: [
        { id: "a", weight: 1 },
        { id: "cards", weight: 1, paths: { result: "/get-result-bingo" }, layouts: { result: "bingo-v2" } },
        { id: "early", weight: 1, paths: { summary: "/get-result-early" }, layouts: { summary: "early" } },
      ],
    },
  ],
});

const full = golden as ReportDocument;
const paid: StepContext["report"] = { state: "ready", sessionId: "s-1", view: { access: "full", status: "ready", document: full } };
const teaser: StepContext["report"] = {
  state: "ready",
  sessionId: "s-1",
  view: { access: "teaser", status: null, document: { ...full, sections: full.sections.map((s, i) => (i === 0 ? s : { ...s, blocks: [], locked: true })) } },
};

function show(stepId: string, report: StepContext["report"], variants: Record<string, string>, alternateView = false) {
  const { container } = render(
    <MemoryRouter>
      <StepScreen
        flow={flow}
        stepId={stepId}
        answers={{}}
        t={(c) => c}
        onAnswer={vi.fn()}
        onBack={null}
        loaded={{ report }}
        variants={variants}
        alternateView={alternateView}
      />
    </MemoryRouter>,
  );
  return container.querySelector("[data-layout]")?.getAttribute("data-layout");
}

describe("report layouts in the funnel", () => {
  it("the result step shows the paid report in the layout of the visitor's variant", () => {
    expect(show("result", paid, { result_page: "a" })).toBe("document");
  });

  it("a variant with cards face down shows them, with a way to turn them all over", () => {
    expect(show("result", paid, { result_page: "cards" })).toBe("bingo-v2");
    expect(screen.getByRole("button", { name: "Turn all over" })).toBeTruthy();
  });

  it("?style=2 shows the plain reading view whatever the variant, with its PDF", () => {
    expect(show("result", paid, { result_page: "cards" }, true)).toBe("reading");
    expect(screen.queryByRole("button", { name: "Turn all over" })).toBeNull();
    expect(screen.getAllByRole("link", { name: /^Download/ }).length).toBeGreaterThan(0);
  });

  it("before payment the result step shows the teaser in every variant", () => {
    expect(show("result", teaser, { result_page: "cards" }, true)).toBe("teaser");
  });

  it("the early variant's summary shows each locked section with what the pre-checkout promises for it", () => {
    expect(show("summary", teaser, { result_page: "early" })).toBe("early");
    expect(screen.getByText("Professions that match your profile, with pay")).toBeTruthy();
    expect(screen.getByText("Your three-letter interest code")).toBeTruthy();
    expect(screen.queryByText(/school counselor/i)).toBeNull();
  });

  it("other variants keep the summary's teaser", () => {
    expect(show("summary", teaser, { result_page: "a" })).toBe("teaser");
    expect(screen.queryByText("Professions that match your profile, with pay")).toBeNull();
  });
});
