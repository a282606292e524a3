/** Modules made at build time by scripts/vite/flows-plugin.ts from flows/*.yaml. */
declare module "virtual:flows" {
  import type { CompiledFlow } from "../../engine/flow/types.ts";

  /** One line per flow, for routing and lookups; cards are in `virtual:flow-cards`, the full flow is loaded with `loadFlow`. */
  export const flowSummaries: {
    code: string;
    /** The flow's topic: any id its file gives (schemas/flow/topics.ts). */
    topic: string;
    title: CompiledFlow["title"];
    report: string;
    /** The flow's start path. */
    start: string;
    /** Where it chooses a plan, and where it shows its result (the start when it has no such step). */
    preCheckout: string;
    result: string;
    hash: string;
  }[];

  /** The compiled flow, from its own chunk; rejects for an unknown code. */
  export function loadFlow(code: string): Promise<CompiledFlow>;
}

/** Every path any flow declares → the code of the flow it opens: fetched with the rest of the route table (ADR 043). */
declare module "virtual:flow-routes" {
  export const flowRoutes: { path: string; flow: string }[];
}

/** The flows' summaries with their cards: only the pages that list flows (home, pricing) import it. */
declare module "virtual:flow-cards" {
  import type { CompiledFlow } from "../../engine/flow/types.ts";
  import type { flowSummaries as summaries } from "virtual:flows";

  export const flowSummaries: ((typeof summaries)[number] & {
    /** Its home-page card; a flow without one is not listed. */
    card?: CompiledFlow["card"];
  })[];
}

declare module "virtual:flow/*" {
  import type { CompiledFlow } from "../../engine/flow/types.ts";
  const flow: CompiledFlow;
  export default flow;
}
