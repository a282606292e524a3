/** A second build entry for tests/build/bundle.test.ts: uses virtual:flows the way the funnel runner does. */
import { flowRoutes, flowSummaries, loadFlow } from "virtual:flows";

export { flowRoutes, flowSummaries };
export const loadFirstFlow = () => loadFlow(flowSummaries[0]!.code);
