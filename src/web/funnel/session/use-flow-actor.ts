import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import { drawOrder, inOrder, orderProblem } from "#engine/flow/order.ts";
import { flowStart, stepOf } from "#engine/flow/start.ts";
import type { Answers, CompiledFlow, FlowContext } from "#engine/flow/types.ts";
import { assignVariants } from "#engine/flow/variant.ts";
import { logClient } from "#web/shared/log/log.ts";
import { afterThisTask } from "../runner/after-this-task.ts";
import { loadedFlowMachine, loadFlowMachine } from "./flow-machine.ts";
import { FlowRun } from "./flow-run.ts";
import { carriedAnswers, readProgress, writeProgress } from "./persistence.ts";
import { visitorId } from "../visitor-id.ts";

/**
 * Where a runner starts instead of the browser's saved run: a session the server re-opened or an
 * e-mailed link resumed (its answers, variants, order and id), or a new run (`fresh`, the restart
 * link, ADR 077), whose session the server must not re-open from another run.
 */
export type StartPoint = { answers?: Answers; variants?: Record<string, string>; order?: ShownOrder; sessionId?: string | null; fresh?: true };

/** A random seed for a new session's order (ADR 067): each session draws its own. */
const freshSeed = () => Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join("");

/** The order kept for this run if it still fits the flow, else one drawn now, once for the session. */
const sessionOrder = (flow: CompiledFlow, kept: ShownOrder | undefined): ShownOrder =>
  kept && typeof kept === "object" && !orderProblem(flow, { options: kept.options ?? {}, groups: kept.groups ?? {} }) ? kept : drawOrder(flow, freshSeed());

/**
 * The visitor's running flow: restored from local storage when the saved snapshot belongs to
 * this flow version, otherwise started from the carried-over answers (or from `startPoint`: a
 * session resumed from an e-mailed link or re-opened by the server, or a new run). Every change is saved again. The session's order of
 * shuffled options and groups is kept with the snapshot (drawn once, when the session starts), and
 * `flow` comes back in that order: the machine and the screens run it so (ADR 067).
 *
 * The step is drawn from the run's start, without XState; the machine's actor is started from the
 * same start when its module is there (flow-machine.ts: after the load event on a page the server
 * drew, at once otherwise) and takes what was sent meanwhile (`run`, flow-run.ts; ADR 080).
 */
export function useFlowActor(declared: CompiledFlow, startPoint?: StartPoint) {
  const initial = useMemo(() => {
    const saved = startPoint ? null : readProgress(declared.code);
    const kept = saved?.snapshot.context as { variants?: Record<string, string>; order?: ShownOrder } | undefined;
    const variants = assignVariants(visitorId(), declared.experiments, startPoint?.variants ?? kept?.variants);
    const order = sessionOrder(declared, startPoint?.order ?? kept?.order);
    if (saved && saved.hash === declared.hash) return { snapshot: saved.snapshot, input: { variants, order }, sessionId: saved.sessionId };
    const answers = startPoint?.answers ?? (saved ? carriedAnswers(declared, saved) : {});
    return { snapshot: undefined, input: { answers, variants, order }, sessionId: startPoint?.sessionId ?? saved?.sessionId ?? null };
  }, [declared, startPoint]);
  const fresh = startPoint?.fresh === true;
  const flow = useMemo(() => inOrder(declared, initial.input.order), [declared, initial]);
  const run = useMemo(() => new FlowRun(initial.snapshot ? (initial.snapshot.context as FlowContext) : flowStart(flow, initial.input)), [flow, initial]);
  const snapshot = useSyncExternalStore(run.subscribe, run.getSnapshot, run.getSnapshot);

  useEffect(() => {
    const start = (machine: NonNullable<ReturnType<typeof loadedFlowMachine>>) => run.attach(machine.startFlowActor(flow, initial.input, initial.snapshot));
    const loaded = loadedFlowMachine();
    if (loaded) {
      start(loaded);
      return;
    }
    let live = true;
    loadFlowMachine().then(
      (machine) => live && start(machine),
      (error: unknown) => logClient("error", "the flow's machine could not be loaded", error),
    );
    return () => {
      live = false;
    };
  }, [run, flow, initial]);

  return { run, snapshot, flow, stepId: stepOf(snapshot.context), initialSession: { id: initial.sessionId, fresh } };
}

/**
 * Saves the snapshot once the machine's actor is there, then after every change: in a task after the
 * change (a burst of changes is saved once), so the frame showing the next step does not wait for
 * the write (ADR 042); at once when the page is hidden or left, or the runner goes, so a reload or a
 * closed tab finds it.
 */
export function usePersistProgress(flow: CompiledFlow, run: FlowRun, sessionId: string | null) {
  // Nothing to save before the machine is there: nothing has changed (what was sent waits for it).
  const actor = useSyncExternalStore(run.subscribe, run.getActor, run.getActor);
  useEffect(() => {
    if (!actor) return;
    let cancel: (() => void) | null = null;
    const save = () => {
      cancel?.();
      cancel = null;
      writeProgress(flow.code, { hash: flow.hash, snapshot: actor.getPersistedSnapshot(), sessionId });
    };
    const saveSoon = () => {
      cancel ??= afterThisTask(save);
    };
    const saveNow = () => {
      if (cancel) save();
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") saveNow();
    };
    save();
    const subscription = actor.subscribe(saveSoon);
    window.addEventListener("pagehide", saveNow);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("pagehide", saveNow);
      document.removeEventListener("visibilitychange", onHidden);
      saveNow();
    };
  }, [flow, actor, sessionId]);
}
