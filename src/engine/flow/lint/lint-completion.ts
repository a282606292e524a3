import type { Step } from "#schemas/flow/steps.ts";
import { graphOfInput, walk } from "./flow-graph.ts";
import { isQuestion } from "../kinds/index.ts";
import type { Finding, LintInput } from "./lint-input.ts";

/**
 * Whether the quiz is complete once the visitor has entered `step`, given whether it was before:
 * a preparing step completes it (the runner asks the server to score the answers there), and a
 * question after it undoes that — the runner completes only at a preparing step with no question
 * ahead, and the server only when every question on the way is answered (ADR 053).
 */
const completeAfter = (complete: boolean, step: Step) => (isQuestion(step) ? false : step.kind === "preparing" ? true : complete);

/**
 * The checkout takes only a completed quiz (400 quiz_incomplete), and only a preparing step with
 * no question after it completes one. So on every way through the flow (every branch taken or
 * not, as the other graph checks read it) a payment step needs such a preparing step before it,
 * and no question may follow a payment. Otherwise the flow collects e-mails and refuses every
 * visitor at payment. Each payment step is reported once, with one way that reaches it unfinished.
 */
export function paymentBeforeCompletion(input: LintInput): Finding[] {
  const g = graphOfInput(input);
  if (!g) return [];
  // The ways through the flow as states (step, quiz complete on arrival), walked breadth-first so
  // each way shown is a shortest one; `from` keeps the state each was first reached from.
  type State = { i: number; complete: boolean };
  const key = (s: State) => `${s.i} ${s.complete}`;
  const start: State = { i: 0, complete: completeAfter(false, g.steps[0]!) };
  const from = new Map<string, State | null>([[key(start), null]]);
  const queue = [start];
  const unfinished = new Map<number, State>();
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    if (g.steps[s.i]!.kind === "payment" && !s.complete && !unfinished.has(s.i)) unfinished.set(s.i, s);
    for (const j of g.edges[s.i]!) {
      const next: State = { i: j, complete: completeAfter(s.complete, g.steps[j]!) };
      if (from.has(key(next))) continue;
      from.set(key(next), s);
      queue.push(next);
    }
  }
  const wayTo = (end: State): Step[] => {
    const way: Step[] = [];
    for (let s: State | null | undefined = end; s; s = from.get(key(s))) way.unshift(g.steps[s.i]!);
    return way;
  };
  const found: Finding[] = [...unfinished].map(([i, end]) => {
    const way = wayTo(end);
    const id = g.steps[i]!.id;
    const lastQuestion = [...way].reverse().find((s) => isQuestion(s));
    const names = way.map((s) => s.id).join(" → ");
    return {
      path: ["steps", i, "id"],
      message: lastQuestion
        ? `payment step "${id}" is reached with the quiz unfinished: on the way ${names}, no preparing step comes after the last question ("${lastQuestion.id}"), so the checkout refuses every visitor there (quiz_incomplete)`
        : `payment step "${id}" is reached with the quiz unfinished: on the way ${names}, no preparing step comes before it, so the checkout refuses every visitor there (quiz_incomplete)`,
      hint: lastQuestion
        ? `put a preparing step after "${lastQuestion.id}" and before "${id}": it completes the quiz`
        : `put a preparing step before "${id}": it completes the quiz`,
    };
  });

  // A question after a payment keeps every preparing step before it from completing the quiz.
  const payments = g.steps.flatMap((s, i) => (s.kind === "payment" ? [i] : []));
  const afterPayment = walk(
    g.edges,
    payments.flatMap((i) => g.edges[i]!),
  );
  for (const i of [...afterPayment].sort((a, b) => a - b))
    if (isQuestion(g.steps[i]!))
      found.push({
        path: ["steps", i, "id"],
        message: `question "${g.steps[i]!.id}" comes after a payment step: the checkout takes only a completed quiz, and a completed quiz takes no more answers`,
        hint: "ask it before the preparing step that leads to the payment",
      });
  return found;
}
