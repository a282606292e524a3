import { useCallback, useEffect, useState } from "react";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import { bootData } from "../shared/boot/boot-data.ts";
import { logClient } from "../shared/log/log.ts";
import { PageLoading } from "../shared/ui/PageLoading.tsx";
import { fetchFlow, pinnedHash } from "./fetch-flow.ts";
import { FunnelRunner } from "./FunnelRunner.tsx";
import { serverViewHolds } from "./server-view.ts";
import { readProgress } from "./session/persistence.ts";
import { forgetProgressIfRestart, useRestartRequest } from "./session/restart-request.ts";
import type { StartPoint } from "./session/use-flow-actor.ts";
import { loadStepRenderer } from "./steps/step-renderer.ts";

/**
 * The flow the server put into this page (boot data): its live version, unless this browser's run
 * is pinned to another (ADR 066). The first question then waits for no request.
 */
function bootFlow(code: string): CompiledFlow | null {
  const flow = bootData()?.flow;
  if (!flow || flow.code !== code) return null;
  const pinned = pinnedHash(code);
  return pinned === null || pinned === flow.hash ? (flow as CompiledFlow) : null;
}

/**
 * The run the server put into this page for this browser (ADR 078), when the browser has no saved
 * copy of its own of this flow and the run is of the version the page runs: the runner starts from
 * it, as from the run the server re-opens (ADR 067), without first drawing the flow's first step.
 */
function bootRun(flow: CompiledFlow | null): StartPoint | undefined {
  const run = bootData()?.run;
  if (!flow || !run || flow.hash !== bootData()?.flow?.hash || readProgress(flow.code)) return undefined;
  return { sessionId: run.sessionId, answers: run.answers as Answers, variants: run.variants, ...(run.order ? { order: run.order } : {}) };
}

/**
 * Before the page is drawn: loads the renderers of the boot flow's first step and of the step this
 * browser's saved run is on (the app resumes it there, and would otherwise show it loading in place
 * of the server's rendering), and answers whether the server's rendering of this page is what the
 * browser will draw (server-view.ts).
 */
export async function prepareFunnel(code: string): Promise<() => boolean> {
  // Opened by the restart link (ADR 077): the run it leaves is not what the page draws.
  if (typeof location !== "undefined") forgetProgressIfRestart(code, location.search);
  const flow = bootFlow(code);
  if (!flow) return () => false;
  const saved = readProgress(code);
  const context = saved?.hash === flow.hash ? (saved.snapshot.context as { trail?: unknown; at?: unknown } | undefined) : undefined;
  const resumed =
    Array.isArray(context?.trail) && typeof context.at === "number"
      ? flow.steps.find((s) => s.id === (context.trail as unknown[])[context.at as number])
      : undefined;
  await Promise.all([flow.steps[0]!, ...(resumed ? [resumed] : [])].map((step) => loadStepRenderer(step.kind)));
  return () => serverViewHolds(flow);
}

/** A runner's start for a new run (the restart link): one value, so the runner keeps it across renders. */
const FRESH: StartPoint = { fresh: true };

/**
 * Runs one flow: from the page's boot data, or fetched from the server (its live or pinned version).
 * A restart link opened on the page (ADR 077) runs it anew, in a fresh session.
 */
export function FunnelPage({ code }: { code: string }) {
  const [flow, setFlow] = useState<CompiledFlow | null>(() => bootFlow(code));
  const [failed, setFailed] = useState(false);
  const restarts = useRestartRequest(code);
  // The session the server re-opened for this visitor, when this browser had lost it (ADR 067), in the run it belongs to.
  const [reopened, setReopened] = useState<{ start: StartPoint; restarts: number }>();
  const onReopened = useCallback((start: StartPoint) => setReopened({ start, restarts }), [restarts]);
  // The run the page came with (bootRun), until a restart link asks for a new one.
  const [cameWith] = useState(() => bootRun(flow));
  const startPoint = reopened?.restarts === restarts ? reopened.start : restarts > 0 ? FRESH : cameWith;
  const missing = flow?.code !== code;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    fetchFlow(code).then(
      (f: CompiledFlow) => live && setFlow(f),
      (error: unknown) => {
        logClient("error", `flow ${code} could not be loaded`, error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [code, missing]);

  if (failed) {
    return (
      <main className="funnel-failed container" id="main">
        <h1>This test could not be loaded</h1>
        <p>Please check your connection and reload the page. Your answers so far are saved on this device.</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
  if (!flow || missing) return <PageLoading />;
  return <FunnelRunner key={`${flow.hash}:${restarts}:${startPoint?.sessionId ?? ""}`} flow={flow} startPoint={startPoint} onReopened={onReopened} />;
}
