import type { FastifyRequest } from "fastify";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { BootData } from "#schemas/pages/boot-data.ts";
import type { Db } from "../db/client.ts";
import { currentAnswers, resumableSession } from "./quiz-sessions.ts";
import type { VisitorCookie } from "./quiz-visitor.ts";

/**
 * The run of `flow` this browser can resume (quiz-sessions.ts resumableSession, for its own visitor
 * cookie alone), as a page further into the funnel carries it (boot data `run`, ADR 078): a browser
 * that lost its saved copy then draws its own step at once, instead of the flow's first step while
 * it asks the server for the run (which flashed the intro, and moved the page when the run came).
 * Only a run of the version the page carries; reading it changes nothing.
 */
export async function pageRun(db: Db, visitor: VisitorCookie, request: FastifyRequest, flow: CompiledFlow): Promise<BootData["run"]> {
  const visitorId = visitor.read(request);
  if (!visitorId) return undefined;
  const session = await resumableSession(db, { visitorId, customerId: null }, flow.code);
  if (!session || session.flowHash !== flow.hash) return undefined;
  return {
    sessionId: session.id,
    answers: await currentAnswers(db, flow, session.id),
    variants: session.variants,
    ...(session.shownOrder ? { order: session.shownOrder } : {}),
  };
}
