import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { sampleFlow } from "#engine/flow/test-flow.ts";
import { nextTask } from "../runner/after-this-task.ts";
import { readProgress } from "../session/persistence.ts";
import { useFlowActor, usePersistProgress } from "../session/use-flow-actor.ts";
import { useUrlSync } from "../runner/use-url-sync.ts";

// What follows an answer in a task after it (ADR 042) — the address, the saved progress — still
// follows it, as a visitor notices: the browser's back button, a reload, a closed tab.

const flow = sampleFlow();

function Runner() {
  const { run, snapshot, stepId } = useFlowActor(flow);
  usePersistProgress(flow, run, null);
  useUrlSync(flow, stepId, snapshot.context, run.send);
  const { pathname } = useLocation();
  return (
    <main>
      <h1>{flow.steps.find((s) => s.id === stepId)?.title as string}</h1>
      <p data-testid="address">{pathname}</p>
      <button type="button" onClick={() => run.send({ type: "NEXT", value: stepId === "role" ? "individual" : null })}>
        Continue
      </button>
      <button type="button" onClick={() => run.send({ type: "BACK" })}>
        Back
      </button>
    </main>
  );
}

function open() {
  const router = createMemoryRouter([{ path: "*", element: <Runner /> }], { initialEntries: ["/sample"] });
  render(<RouterProvider router={router} />);
  return router;
}

const address = () => screen.getByTestId("address").textContent;
const heading = () => screen.getByRole("heading", { level: 1 }).textContent;
// A synchronous act, not awaited: awaiting it would keep React's act scope open while the task
// after the answer runs, which React then reports as an update outside act.
const click = (name: string) => {
  act(() => screen.getByRole("button", { name }).click());
};

describe("after an answer, in a task after the step is drawn", () => {
  it("the address follows each step, one history entry per step, so the browser's back button goes back a step", async () => {
    const router = open();
    click("Continue");
    expect(heading()).toBe("Your role?");
    await waitFor(() => expect(address()).toBe("/sample/role"));
    click("Continue");
    expect(heading()).toBe("I feel tired");
    await waitFor(() => expect(address()).toBe("/sample/tired"));

    await act(async () => {
      await router.navigate(-1);
    });
    await waitFor(() => expect(heading()).toBe("Your role?"));
    expect(address()).toBe("/sample/role");
  });

  it("Back pressed before the address followed the answer leaves both on the step shown", async () => {
    open();
    click("Continue");
    await waitFor(() => expect(address()).toBe("/sample/role"));
    // Back before the task that moves the address: the address never goes to the step in between.
    act(() => screen.getByRole("button", { name: "Continue" }).click());
    expect(heading()).toBe("I feel tired");
    act(() => screen.getByRole("button", { name: "Back" }).click());
    await act(nextTask);
    expect(heading()).toBe("Your role?");
    expect(address()).toBe("/sample/role");
  });

  it("the progress is saved, and at once when the page is left right after the answer", async () => {
    open();
    click("Continue");
    await waitFor(() => expect(readProgress(flow.code)?.snapshot.context).toMatchObject({ trail: ["intro", "role"] }));

    click("Continue");
    window.dispatchEvent(new Event("pagehide"));
    expect(readProgress(flow.code)?.snapshot.context).toMatchObject({ trail: ["intro", "role", "tired"] });
  });
});
