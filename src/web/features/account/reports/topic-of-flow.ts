import { flowSummaries } from "virtual:flows";

/** The topic of the flow a report came from (its feedback page depends on it); undefined for a flow no longer built. */
export const topicOfFlow = (flowCode: string): string | undefined => flowSummaries.find((f) => f.code === flowCode)?.topic;
