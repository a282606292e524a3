import type { Offer } from "#schemas/flow/offer.ts";
import { visitorOffer } from "#engine/flow/offer.ts";
import type { Flows } from "../flows/flows.ts";
import type { QuizSession } from "./quiz-sessions.ts";

/**
 * The offer of a quiz session (ADR 065): its flow's, at the version the session runs, replaced by
 * its variant's; null when neither names one (every plan on sale) or the flow is no longer loaded.
 */
export function sessionOffer(flows: Flows, session: Pick<QuizSession, "flowCode" | "flowHash" | "variants">): Offer | null {
  const flow = flows.ofSession(session);
  return flow ? visitorOffer(flow, session.variants) : null;
}
