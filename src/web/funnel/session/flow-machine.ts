import { afterFirstScreen } from "#web/shared/boot/after-first-screen.ts";
import type * as StartFlowActor from "./start-flow-actor.ts";

type FlowMachineModule = typeof StartFlowActor;

let loading: Promise<FlowMachineModule> | undefined;
let loaded: FlowMachineModule | undefined;

/**
 * XState with the flow's machine (start-flow-actor.ts), fetched on first call (once): a funnel's
 * first screen is drawn and answered without it (flow-run.ts). On a page whose first screen came
 * from the server it is fetched once the page has loaded and the app has taken it over
 * (afterFirstScreen); a funnel drawn in the browser or reached later has it at once (ADR 080). A
 * fetch that fails is asked again on the next call.
 */
export function loadFlowMachine(): Promise<FlowMachineModule> {
  loading ??= afterFirstScreen()
    .then(() => import("./start-flow-actor.ts"))
    .then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  return loading;
}

/** The machine's module once loaded, else undefined: a runner that comes after it starts its actor at once. */
export const loadedFlowMachine = (): FlowMachineModule | undefined => loaded;
