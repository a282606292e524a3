import { useEffect } from "react";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { logClient } from "#web/shared/log/log.ts";
import { afterFirstPaint } from "#web/shared/monitoring/monitoring.ts";
import { preloadStepRenderers } from "../steps/step-renderer.ts";

/** The renderers of this flow's later steps, fetched once the first step is on screen (ADR 032). */
export function usePreloadRenderers(flow: CompiledFlow) {
  useEffect(() => {
    afterFirstPaint(() => void preloadStepRenderers(flow.steps.map((s) => s.kind)).catch((e: unknown) => logClient("warn", "step renderers did not load", e)));
  }, [flow]);
}
