import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { stepRenderers } from "./registry.ts";
import { loadStepRenderer } from "./step-renderer.ts";

describe("step renderers, loaded per kind", () => {
  it("gives every step kind a component, whether in the funnel's chunk or loaded on demand", async () => {
    for (const kind of Object.keys(stepRenderers) as (keyof typeof stepRenderers)[]) {
      expect(typeof (await loadStepRenderer(kind)), kind).toBe("function");
    }
  });

  it("shows the step's frame and a loading state while its renderer loads, then the step", async () => {
    // A fresh module graph: no renderer has been loaded yet (the test setup preloads them all).
    vi.resetModules();
    const { StepScreen } = await import("../frame/StepScreen.tsx");
    const flow = compiledForTest({
      code: "lazy_flow",
      topic: "career",
      title: "Lazy flow",
      version: 1,
      paths: { start: "/lazy" },
      report: "lazy_report",
      steps: [
        {
          id: "email",
          kind: "email",
          title: "Where should we send your report?",
          label: "Email address",
          consent: "We only use it for your report.",
          next: "liking",
        },
        { id: "liking", kind: "likert", title: "Build a bookshelf", answers: "like5", next: "done" },
        { id: "done", kind: "result", title: "Done" },
      ],
      answerSets: { like5: ["Dislike", "Unsure", "Like"].map((label, value) => ({ value, label })) },
      scoring: { scales: [{ id: "realistic", name: "Realistic", items: ["liking"] }] },
    } as never);
    // The renderer is slow to arrive: until it does, the frame and the loading state are on screen.
    const { stepRenderers: fresh } = await import("./registry.ts");
    const load = fresh.email as { load: () => Promise<unknown> };
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const original = load.load;
    load.load = () => arrived.then(original);
    await act(async () => {
      render(
        <MemoryRouter>
          <StepScreen flow={flow} stepId="email" answers={{}} t={(c) => c} onAnswer={() => {}} onBack={null} />
        </MemoryRouter>,
      );
    });
    expect(screen.getByRole("heading", { name: "Where should we send your report?" }).tagName).toBe("H1");
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(screen.queryByRole("textbox")).toBeNull();
    await act(async () => {
      arrive();
      await arrived;
    });
    expect((await screen.findByRole("textbox", { name: "Email address" })).getAttribute("type")).toBe("email");
    expect(screen.queryByRole("status")).toBeNull();
    load.load = original;
  });
});
