/** A second build entry for tests/build/bundle.test.ts: uses the flows' virtual modules the way the app does. */
import { flowRoutes } from "virtual:flow-routes";
import { flowSummaries, loadFlow } from "virtual:flows";

export { flowRoutes, flowSummaries };
export const loadFirstFlow = () => loadFlow(flowSummaries[0]!.code);
