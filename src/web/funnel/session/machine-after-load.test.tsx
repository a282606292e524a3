import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { createFlowMachine } from "#engine/flow/machine.ts";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { readProgress, writeProgress } from "./persistence.ts";

// The runner before its machine is there (ADR 080): the step is drawn from the run's start, and an
// answer given meanwhile waits for the machine and is applied when it comes.

const flow = compiledForTest({
  code: "machine_later",
  topic: "career",
  title: "Machine later",
  version: 1,
  paths: { start: "/machine-later" },
  report: "machine_later_report",
  steps: [
    { id: "intro", kind: "info", title: "The first screen", body: ["One."], cta: "Start", next: "middle" },
    { id: "middle", kind: "info", title: "The middle screen", body: ["Two."], cta: "Next", next: "last" },
    { id: "last", kind: "info", title: "The last screen", body: ["Three."], cta: "Done" },
  ],
});
const routes = ["", "/middle", "/last"].map((end) => ({ path: `${flow.paths.start}${end}`, flow: flow.code }));

afterEach(() => {
  vi.doUnmock("./start-flow-actor.ts");
  vi.resetModules();
});

describe("the funnel runner before the flow's machine has loaded", () => {
  it("draws the saved step, and an answer given then moves the run once the machine comes", async () => {
    // The visitor's saved place: the middle screen (as the machine itself saves it).
    const saved = createActor(createFlowMachine(flow), { input: { answers: { intro: null } } }).start();
    writeProgress(flow.code, { hash: flow.hash, snapshot: saved.getPersistedSnapshot(), sessionId: "s1" });
    // The saved run pins the page to its flow's version (ADR 066).
    mockFetch({
      [`GET /quiz/flows/${flow.code}/versions/${flow.hash}`]: ok(flow),
      "POST /quiz/sessions": ok({ id: "s1" }, 201),
      "POST /quiz/sessions/s1/events": ok({ ok: true }),
      "POST /quiz/sessions/s1/answers": ok({ ok: true }),
    });

    // A fresh module graph, in which the machine's module comes when the test says so.
    vi.resetModules();
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let asked = false;
    vi.doMock("./start-flow-actor.ts", async (original: () => Promise<unknown>) => {
      asked = true;
      await arrived;
      return original();
    });
    const { preloadStepRenderers } = await import("../steps/step-renderer.ts");
    await preloadStepRenderers();
    const { renderRoute } = await import("#web/test/render-route.tsx");
    const { router } = renderRoute(flow.paths.start, { routes });

    expect(await screen.findByRole("heading", { level: 1, name: "The middle screen" })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${flow.paths.start}/middle`));
    await waitFor(() => expect(asked).toBe(true));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    // Nothing moved without the machine, and nothing was saved over the visitor's place; the press
    // shows it is being handled, and the step takes no second one.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("The middle screen");
    const waiting = screen.getByRole("button", { name: "One moment…" });
    expect(waiting).toHaveProperty("disabled", true);
    expect(waiting.getAttribute("aria-busy")).toBe("true");
    expect(readProgress(flow.code)?.snapshot.context?.answers).toEqual({ intro: null });

    arrive();
    expect(await screen.findByRole("heading", { level: 1, name: "The last screen" })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${flow.paths.start}/last`));
    await waitFor(() =>
      expect(readProgress(flow.code)?.snapshot.context).toMatchObject({ answers: { intro: null, middle: null }, trail: ["intro", "middle", "last"], at: 2 }),
    );
    expect(screen.getByRole("button", { name: "Done" })).toHaveProperty("disabled", false);
  });
});
