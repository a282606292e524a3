import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { drawOrder } from "#engine/flow/order.ts";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import { setApiTransport } from "#web/shared/api/client.ts";
import { readProgress } from "./persistence.ts";
import { QuizSessionSync, type StartedSession } from "./quiz-session.ts";
import { useSessionStart } from "./reopened-session.ts";
import { StepScreen } from "../frame/StepScreen.tsx";
import { useFlowActor, usePersistProgress, type StartPoint } from "./use-flow-actor.ts";

// The runner's screens in the session's order (ADR 067): a shuffled question shows the order the
// session drew and kept, after a reload and on a resumed device; a piped title shows the earlier answer as text.

const letters = ["a", "b", "c", "d", "e", "f", "g", "h"];
const declared = compiledForTest({
  code: "order_screens",
  topic: "career",
  title: "Order",
  version: 1,
  paths: { start: "/order" },
  report: "order_report",
  steps: [
    { id: "name", kind: "name", title: "Your name?", label: "First name", next: "pick" },
    {
      id: "pick",
      kind: "multiple_choice",
      title: "{{name | You}}, what matters most?",
      shuffle: { keep_last: ["none"] },
      options: [...letters.map((id) => ({ id, label: `Option ${id.toUpperCase()}` })), { id: "none", label: "None of these" }],
      next: "done",
    },
    { id: "done", kind: "result", title: "Done" },
  ],
});

function Runner({ startPoint }: { startPoint?: StartPoint }) {
  const { run, snapshot, flow, stepId } = useFlowActor(declared, startPoint);
  usePersistProgress(declared, run, null);
  return (
    <StepScreen
      flow={flow}
      stepId={stepId}
      answers={snapshot.context.answers}
      t={(c) => c}
      onAnswer={(value) => run.send({ type: "NEXT", value: value ?? null })}
      onBack={null}
    />
  );
}
const open = (startPoint?: StartPoint) =>
  render(
    <MemoryRouter>
      <Runner startPoint={startPoint} />
    </MemoryRouter>,
  );

/** The option labels of the question on screen, top to bottom. */
const shownOptions = async () => (await screen.findAllByRole("checkbox")).map((box) => box.closest("label")?.textContent?.trim());

beforeEach(() => localStorage.clear());

describe("a shuffled question in the runner", () => {
  it("shows the order the session drew, keeps it after a reload, and keeps 'None of these' last", async () => {
    const user = userEvent.setup();
    const first = open();
    await user.type(await screen.findByRole("textbox", { name: "First name" }), "Sam");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const shown = await shownOptions();
    const kept = readProgress(declared.code)!.snapshot.context as { order: ReturnType<typeof drawOrder> };
    expect(shown).toEqual(kept.order.options.pick!.map((id) => (id === "none" ? "None of these" : `Option ${id.toUpperCase()}`)));
    expect(shown.at(-1)).toBe("None of these");
    first.unmount();

    open();
    expect(await shownOptions()).toEqual(shown);
  });

  it("shows a resumed session's stored order on another device", async () => {
    const order = drawOrder(declared, "stored-on-the-server");
    open({ answers: { name: "Sam" }, order });
    expect(await shownOptions()).toEqual(order.options.pick!.map((id) => (id === "none" ? "None of these" : `Option ${id.toUpperCase()}`)));
  });
});

describe("a piped title", () => {
  it("shows the visitor's own earlier answer, as text and never as markup", async () => {
    const user = userEvent.setup();
    const { container } = open();
    await user.type(await screen.findByRole("textbox", { name: "First name" }), "<b>Sam</b>");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 1, name: "<b>Sam</b>, what matters most?" })).toBeTruthy();
    expect(within(container).queryByText("Sam", { selector: "b" })).toBeNull();
  });

  it("shows the fallback when the answer has no words", async () => {
    open({ answers: { name: "" }, order: drawOrder(declared, "x") });
    expect(await screen.findByRole("heading", { level: 1, name: "You, what matters most?" })).toBeTruthy();
  });
});

// The runner as FunnelPage composes it: the server's session started once the step is on screen,
// and the flow run again from a session the server re-opened.
function SyncedRunner({ startPoint, onReopened }: { startPoint?: StartPoint; onReopened: (start: StartPoint) => void }) {
  const { run, snapshot, flow, stepId, initialSession } = useFlowActor(declared, startPoint);
  const [sync] = useState(
    () =>
      new QuizSessionSync(
        flow,
        { sessionId: initialSession.id, variants: snapshot.context.variants, order: snapshot.context.order, attribution: {} },
        () => {},
      ),
  );
  const [sessionId, setSessionId] = useState(initialSession.id);
  useSessionStart(sync, run, setSessionId, onReopened);
  usePersistProgress(declared, run, sessionId);
  return <StepScreen flow={flow} stepId={stepId} answers={snapshot.context.answers} t={(c) => c} onAnswer={() => {}} onBack={null} />;
}
function SyncedPage() {
  const [reopened, setReopened] = useState<StartPoint>();
  return <SyncedRunner key={reopened?.sessionId ?? ""} startPoint={reopened} onReopened={setReopened} />;
}

/** The server, as POST /api/quiz/sessions answers: `reply` gets the body the browser sent. */
function serverAnswers(status: number, reply: (sent: { order?: ShownOrder; variants: Record<string, string> }) => StartedSession) {
  const calls: string[] = [];
  setApiTransport(async (input, init) => {
    calls.push(input as string);
    const body = reply(JSON.parse(init?.body as string) as { order?: ShownOrder; variants: Record<string, string> });
    return new Response(JSON.stringify({ data: body }), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}
const labelsOf = (ids: readonly string[]) => ids.map((id) => (id === "none" ? "None of these" : `Option ${id.toUpperCase()}`));
const saved = () => readProgress(declared.code);

describe("a browser that lost its saved progress but kept its visitor cookie", () => {
  afterEach(() => setApiTransport((input, init) => fetch(input, init)));

  it("continues the session the server re-opened: its stored order and answers, at the first step not answered", async () => {
    // One order in 40,320 (8! for the eight shuffled options) is the one the browser draws itself.
    const stored = drawOrder(declared, "stored-on-the-server");
    const calls = serverAnswers(200, () => ({ id: "reopened-session", flow_code: declared.code, answers: { name: "Sam" }, variants: {}, order: stored }));
    render(
      <MemoryRouter>
        <SyncedPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Sam, what matters most?" })).toBeTruthy();
    expect(await shownOptions()).toEqual(labelsOf(stored.options.pick!));
    await waitFor(() => expect(saved()).toMatchObject({ sessionId: "reopened-session", snapshot: { context: { order: stored, answers: { name: "Sam" } } } }));
    // The session is not started again for the run it continues.
    expect(calls).toEqual(["/api/quiz/sessions"]);
  });

  it("goes on as it was when the server started a new session with the order the browser drew", async () => {
    serverAnswers(201, (sent) => ({ id: "new-session", flow_code: declared.code, answers: {}, variants: sent.variants, order: sent.order ?? null }));
    render(
      <MemoryRouter>
        <SyncedPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(saved()?.sessionId).toBe("new-session"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your name?");
    expect(screen.getByRole("textbox", { name: "First name" })).toBeTruthy();
  });
});
