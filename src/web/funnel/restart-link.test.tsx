import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { restartPath } from "#engine/flow/routes.ts";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { mockFetch, ok, type Call } from "../test/fetch-mock.ts";
import { renderRoute } from "../test/render-route.tsx";
import { readProgress } from "./session/persistence.ts";

/** A two-screen flow published after the build (ADR 066), so the test gives its routes in the boot data. */
const flow = compiledForTest({
  code: "restart_check",
  topic: "career",
  title: "Restart",
  version: 1,
  paths: { start: "/restart-check" },
  report: "restart_report",
  steps: [
    { id: "intro", kind: "info", title: "The first screen", body: ["One."], cta: "Start", next: "second" },
    { id: "second", kind: "info", title: "The second screen", body: ["Two."], cta: "Done" },
  ],
});
const routes = [
  { path: "/restart-check", flow: flow.code },
  { path: "/restart-check/second", flow: flow.code },
];

/** The server: the first start gets the old session, a fresh one the new; every start's body is kept. */
function server() {
  const started: unknown[] = [];
  const session = (id: string) => ({ id, flow_code: flow.code, flow_hash: flow.hash, status: "in_progress", variants: {}, order: null, answers: {} });
  const calls = mockFetch({
    [`GET /quiz/flows/${flow.code}`]: ok(flow),
    "POST /quiz/sessions": ({ body }: Call) => {
      started.push(body);
      return ok(session((body as { fresh?: boolean }).fresh ? "new-session" : "old-session"), 201);
    },
    "POST /quiz/sessions/old-session/events": ok({ ok: true }),
    "POST /quiz/sessions/old-session/answers": ok({ ok: true }),
    "POST /quiz/sessions/new-session/events": ok({ ok: true }),
  });
  return { started, calls };
}

beforeEach(() => localStorage.clear());

describe("the restart link (ADR 077)", () => {
  it("pressed in a running funnel: the first screen, a fresh session, the saved run replaced, the request gone from the address and UTM tags kept", async () => {
    const { started } = server();
    const { router } = renderRoute(flow.paths.start, { routes });
    await userEvent.click(await screen.findByRole("button", { name: "Start" }));
    expect(await screen.findByRole("heading", { level: 1, name: "The second screen" })).toBeTruthy();
    await waitFor(() => expect(readProgress(flow.code)?.sessionId).toBe("old-session"));

    // The plain start resumes the run (as before): still the second screen.
    await router.navigate(flow.paths.start);
    expect(await screen.findByRole("heading", { level: 1, name: "The second screen" })).toBeTruthy();

    await router.navigate(`${restartPath(flow)}&utm_source=mail`);
    expect(await screen.findByRole("heading", { level: 1, name: "The first screen" })).toBeTruthy();
    await waitFor(() => expect(readProgress(flow.code)?.sessionId).toBe("new-session"));
    expect(started).toHaveLength(2);
    expect(started[1]).toMatchObject({ fresh: true });
    expect(started[0]).not.toHaveProperty("fresh");
    expect(readProgress(flow.code)?.snapshot.context?.answers).toEqual({});
    await waitFor(() => expect(router.state.location.search).toBe("?utm_source=mail"));
    expect(router.state.location.pathname).toBe(flow.paths.start);
    // Once: the page stays on the new run.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("The first screen");
    expect(started).toHaveLength(2);
  });

  it("opened as the page's address: a browser with a saved run starts anew instead of resuming it", async () => {
    const first = server();
    const before = renderRoute(flow.paths.start, { routes });
    await userEvent.click(await screen.findByRole("button", { name: "Start" }));
    await waitFor(() => expect(readProgress(flow.code)?.snapshot.context?.answers).toHaveProperty("intro"));
    await waitFor(() => expect(readProgress(flow.code)?.sessionId).toBe("old-session"));
    before.unmount();
    expect(first.started).toHaveLength(1);

    const { started } = server();
    const { router } = renderRoute(restartPath(flow), { routes });
    expect(await screen.findByRole("heading", { level: 1, name: "The first screen" })).toBeTruthy();
    await waitFor(() => expect(started).toEqual([expect.objectContaining({ fresh: true })]));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(readProgress(flow.code)?.sessionId).toBe("new-session"));
  });
});
