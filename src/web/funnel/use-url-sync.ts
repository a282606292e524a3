import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { variantPath } from "../../engine/flow/variant.ts";
import type { CompiledFlow, FlowContext, FlowEvent } from "../../engine/flow/types.ts";

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
 */
export function useUrlSync(flow: CompiledFlow, stepId: string, context: FlowContext, send: (event: FlowEvent) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const lastStep = useRef<string | null>(null);

  useEffect(() => {
    const target = pathOf(flow, stepId, context.variants);
    const firstSync = lastStep.current === null;
    const machineMoved = !firstSync && lastStep.current !== stepId;
    lastStep.current = stepId;
    if (location.pathname === target) return;
    if (machineMoved) {
      void navigate(target);
      return;
    }
    const wanted = stepAt(flow, location.pathname, context.variants);
    const isEntry = firstSync && (wanted === undefined || wanted === flow.steps[0]?.id);
    if (wanted && !isEntry && context.trail.includes(wanted)) {
      lastStep.current = wanted;
      send({ type: "GO_TO", step: wanted });
      return;
    }
    const resumeAt = isEntry ? stepId : (context.trail.at(-1) ?? stepId);
    if (resumeAt !== stepId) {
      lastStep.current = resumeAt;
      send({ type: "GO_TO", step: resumeAt });
    }
    void navigate(`${pathOf(flow, resumeAt, context.variants)}${location.search}`, { replace: true });
  }, [flow, stepId, context, location.pathname, location.search, navigate, send]);
}
