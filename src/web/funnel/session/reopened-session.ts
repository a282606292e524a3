import { useEffect } from "react";
import type { FlowContext } from "#engine/flow/types.ts";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import type { QuizSessionSync, StartedSession } from "./quiz-session.ts";
import type { StartPoint } from "./use-flow-actor.ts";

type Shown = Pick<FlowContext, "answers" | "variants" | "order">;

const sameLists = (a: Record<string, string[]>, b: Record<string, string[]>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, ids]) => b[key]?.join() === ids.join());
const sameOrder = (a: ShownOrder, b: ShownOrder) => sameLists(a.options, b.options) && sameLists(a.groups, b.groups);

/**
 * Where the runner goes on from when the server re-opened a session this browser had lost (its
 * local storage cleared, or its saved run of another flow version), as the e-mailed link does: the
 * session's order, variants and answers, with the answers given here since (on their way to the
 * session) over the stored ones, so the machine resumes at the first unanswered step (ADR 067).
 * Null when the session holds nothing the browser does not already show: a new session, or one
 * this runner came with.
 */
function reopenedStart(session: { id: string } | StartedSession, shown: Shown): StartPoint | null {
  if (!("answers" in session)) return null;
  const unknownAnswer = Object.keys(session.answers).some((step) => !(step in shown.answers));
  const otherVariant = Object.entries(session.variants).some(([experiment, variant]) => shown.variants[experiment] !== variant);
  const otherOrder = session.order !== null && !sameOrder(session.order, shown.order);
  if (!unknownAnswer && !otherVariant && !otherOrder) return null;
  return {
    sessionId: session.id,
    answers: { ...session.answers, ...shown.answers },
    variants: { ...shown.variants, ...session.variants },
    ...(session.order ? { order: session.order } : {}),
  };
}

/**
 * Starts the server's session once the runner is on screen and gives its id to `setSessionId`;
 * when the server re-opened one that holds what the browser does not show, hands `onReopened` the
 * start point to run it from instead (the page runs the flow again from it).
 */
export function useSessionStart(
  sync: Pick<QuizSessionSync, "started">,
  actor: { getSnapshot(): { context: Shown } },
  setSessionId: (id: string | null) => void,
  onReopened: ((start: StartPoint) => void) | undefined,
) {
  useEffect(() => {
    let live = true;
    void sync.started().then((session) => {
      if (!live) return;
      setSessionId(session?.id ?? null);
      const start = session && reopenedStart(session, actor.getSnapshot().context);
      if (start) onReopened?.(start);
    });
    return () => {
      live = false;
    };
  }, [sync, actor, setSessionId, onReopened]);
}
