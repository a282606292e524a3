import { use, type ComponentType } from "react";
import type { StepKind } from "#schemas/flow/steps.ts";
import { stepRenderers } from "./registry.ts";
import type { StepProps } from "./types.ts";

type AnyRenderer = ComponentType<StepProps<StepKind>>;

const ready = new Map<StepKind, AnyRenderer>();
const pending = new Map<StepKind, Promise<AnyRenderer>>();

/** Starts loading a kind's renderer (once); resolves when it can be drawn without waiting. */
export function loadStepRenderer(kind: StepKind): Promise<AnyRenderer> {
  const entry = stepRenderers[kind] as { renderer: AnyRenderer } | { load: () => Promise<AnyRenderer> };
  if ("renderer" in entry) return Promise.resolve(entry.renderer);
  let promise = pending.get(kind);
  if (!promise) {
    promise = entry.load().then((renderer) => {
      ready.set(kind, renderer);
      return renderer;
    });
    // A failed load may be tried again (a lost connection), not remembered.
    promise.catch(() => pending.delete(kind));
    pending.set(kind, promise);
  }
  return promise;
}

/** Loads the renderers of all these kinds (by default every kind): for previews, tests and idle prefetch. */
export function preloadStepRenderers(kinds: readonly StepKind[] = Object.keys(stepRenderers) as StepKind[]): Promise<unknown> {
  return Promise.all([...new Set(kinds)].map(loadStepRenderer));
}

/** The renderer of a step kind: at once when loaded, otherwise it suspends until it is. */
export function useStepRenderer(kind: StepKind): AnyRenderer {
  const entry = stepRenderers[kind] as { renderer: AnyRenderer } | { load: () => Promise<AnyRenderer> };
  if ("renderer" in entry) return entry.renderer;
  return ready.get(kind) ?? use(loadStepRenderer(kind));
}
