import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router-dom";
import { passesByItself } from "#engine/flow/kinds/index.ts";
import { backIndex } from "#engine/flow/next-step.ts";
import { variantPath } from "#engine/flow/variant.ts";
import type { CompiledFlow, FlowContext, FlowEvent } from "#engine/flow/types.ts";
import { afterThisTask } from "./after-this-task.ts";

/** The URL a step is shown at, for the visitor's experiment variants. */
export function pathOf(flow: CompiledFlow, stepId: string, variants: Record<string, string>): string {
  const step = flow.steps.find((s) => s.id === stepId);
  return variantPath(stepId, step?.path ?? flow.paths.start, flow.experiments, variants);
}

function stepAt(flow: CompiledFlow, path: string, variants: Record<string, string>): string | undefined {
  return flow.steps.find((s) => pathOf(flow, s.id, variants) === path)?.id;
}

/**
 * Keeps the URL and the machine in step. When the machine moves, the URL follows (a new history
 * entry, so the browser's back button works). When the URL moves (back, forward, a typed or
 * deep link), the machine goes to that step if the visitor has reached it; otherwise the visitor
 * is sent to the first step they have not completed. Entry URLs (the start, /quiz/…, /getquiz/…)
 * resume where the visitor left off.
 *
 * The URL follows a machine move in a task after it (one history entry per step still), so the
 * frame showing the next step does not wait for the router (ADR 042); until then the address still
 * names the step before, which is not read as the visitor asking for it.
 */
export function useUrlSync(flow: CompiledFlow, stepId: string, context: FlowContext, send: (event: FlowEvent) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const pending = useNavigation().state !== "idle";
  const lastStep = useRef<string | null>(null);
  const following = useRef<{ target: string; cancel: () => void } | null>(null);

  // A move not yet followed when the runner goes is dropped: it must not pull the visitor back.
  useEffect(() => () => following.current?.cancel(), []);

  useEffect(() => {
    const target = pathOf(flow, stepId, context.variants);
    const firstSync = lastStep.current === null;
    const machineMoved = !firstSync && lastStep.current !== stepId;
    lastStep.current = stepId;
    if (following.current?.target === target) return;
    if (location.pathname === target) {
      // Back where the address still is (Back pressed before it followed the move): nothing to follow.
      following.current?.cancel();
      following.current = null;
      // A runner that starts where the address is while a navigation is still under way (the runner
      // before it, replaced by a session the server re-opened, was sending the visitor to the start):
      // the address is made this step's again, so that navigation does not land and pull it back.
      if (firstSync && pending) void navigate(`${target}${location.search}`, { replace: true });
      return;
    }
    if (machineMoved) {
      // Another move before the last was followed: that step gets its history entry first.
      if (following.current) {
        following.current.cancel();
        void navigate(following.current.target);
      }
      const cancel = afterThisTask(() => {
        following.current = null;
        void navigate(target);
      });
      following.current = { target, cancel };
      return;
    }
    const wanted = stepAt(flow, location.pathname, context.variants);
    const isEntry = firstSync && (wanted === undefined || wanted === flow.steps[0]?.id);
    if (wanted && !isEntry && context.trail.includes(wanted)) {
      // Back onto a screen that moves on by itself (preparing) would send the visitor forward again:
      // they go to the step before it instead, at its address.
      const wantedAt = context.trail.lastIndexOf(wanted);
      const before = wantedAt < context.at && passesByItself(flow.steps.find((s) => s.id === wanted)!) ? backIndex(flow, context.trail, wantedAt) : -1;
      const goTo = before >= 0 ? context.trail[before]! : wanted;
      lastStep.current = goTo;
      send({ type: "GO_TO", step: goTo });
      if (goTo !== wanted) void navigate(`${pathOf(flow, goTo, context.variants)}${location.search}`, { replace: true });
      return;
    }
    const resumeAt = isEntry ? stepId : (context.trail.at(-1) ?? stepId);
    if (resumeAt !== stepId) {
      lastStep.current = resumeAt;
      send({ type: "GO_TO", step: resumeAt });
    }
    void navigate(`${pathOf(flow, resumeAt, context.variants)}${location.search}`, { replace: true });
    // `pending` is read on the first sync only: its changes alone are not a move to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow, stepId, context, location.pathname, location.search, navigate, send]);
}
