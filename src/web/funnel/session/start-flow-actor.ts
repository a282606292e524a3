import { createActor, type Snapshot } from "xstate";
import { createFlowMachine } from "#engine/flow/machine.ts";
import type { CompiledFlow, FlowInput } from "#engine/flow/types.ts";

/**
 * The flow's machine, compiled and started: from the saved snapshot when there is one, else from
 * the input (the context src/engine/flow/start.ts gives). XState comes with this module, which the
 * runner fetches apart (flow-machine.ts, ADR 080).
 */
export function startFlowActor(flow: CompiledFlow, input: FlowInput, snapshot?: Snapshot<unknown>) {
  return createActor(createFlowMachine(flow), { input, ...(snapshot ? { snapshot } : {}) }).start();
}

export type FlowActor = ReturnType<typeof startFlowActor>;
