import type { CompiledFlow } from "#engine/flow/types.ts";
import { assignVariants } from "#engine/flow/variant.ts";

/** A flow with one experiment, `copy`, split evenly in two variants `a` and `b`, and one info step. */
export const splitFlow = {
  code: "split_test",
  hash: "h1",
  steps: [{ id: "intro", kind: "info" }],
  experiments: [
    {
      id: "copy",
      variants: [
        { id: "a", weight: 1 },
        { id: "b", weight: 1 },
      ],
    },
  ],
} as unknown as CompiledFlow;

/** A visitor id the app's own assignment puts in this variant of splitFlow, the `n`th such (ids named after `prefix`). */
export function visitorIn(variant: "a" | "b", n = 0, prefix = "visitor"): string {
  for (let i = 0, found = 0; ; i++) {
    const id = `${prefix}-${String(i).padStart(12, "0")}`;
    if (assignVariants(id, splitFlow.experiments).copy === variant && found++ === n) return id;
  }
}
