import { assign, setup, type SnapshotFrom } from "xstate";
import type { Condition } from "#schemas/flow/condition.ts";
import { evaluateCondition } from "./condition.ts";
import { backIndex } from "./next-step.ts";
import { scoreAnswers } from "./score.ts";
import { flowStart, stepOf } from "./start.ts";
import type { Answer, Answers, CompiledFlow, FlowContext, FlowEvent, FlowInput } from "./types.ts";

const sameAnswer = (a: Answer | undefined, b: Answer | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The implementations a compiled flow refers to by name. The machine config built below is pure
 * data (states named after step ids, guards and actions named with params), as in the YAML.
 */
function flowSetup(flow: CompiledFlow) {
  return setup({
    // The assertion carries the types XState infers from; the rule cannot see that.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    types: {} as { context: FlowContext; events: FlowEvent; input: FlowInput },
    guards: {
      /** A branch's condition, checked against the answers including the one being given now. */
      condition: ({ context, event }, params: { step: string; condition: Condition }) => {
        const answers: Answers = event.type === "NEXT" ? { ...context.answers, [params.step]: event.value ?? null } : context.answers;
        return evaluateCondition(params.condition, { steps: flow.steps, answers, variants: context.variants, scores: () => scoreAnswers(flow, answers) });
      },
      isCurrent: ({ context }, params: { step: string }) => context.trail[context.at] === params.step,
      /** The step Back goes to: the one before, passing preparing screens by (backIndex). */
      isPrevious: ({ context }, params: { step: string }) => {
        const to = backIndex(flow, context.trail, context.at);
        return to >= 0 && context.trail[to] === params.step;
      },
      isOnTrail: ({ context, event }, params: { step: string }) => event.type === "GO_TO" && event.step === params.step && context.trail.includes(params.step),
    },
    actions: {
      /** Stores the answer and moves along the trail; later steps stay on it only if nothing changed. */
      advance: assign(({ context, event }, params: { step: string; to: string }) => {
        const value = event.type === "NEXT" ? (event.value ?? null) : null;
        const unchanged = sameAnswer(context.answers[params.step], value) && context.trail[context.at + 1] === params.to;
        const trail = unchanged ? context.trail : [...context.trail.slice(0, context.at + 1), params.to];
        return { answers: { ...context.answers, [params.step]: value }, trail, at: context.at + 1 };
      }),
      /** Stores the answer of the last step of a flow (nothing follows it). */
      record: assign(({ context, event }, params: { step: string }) => ({
        answers: { ...context.answers, [params.step]: event.type === "NEXT" ? (event.value ?? null) : null },
      })),
      back: assign(({ context }) => ({ at: Math.max(0, backIndex(flow, context.trail, context.at)) })),
      moveTo: assign(({ context }, params: { step: string }) => ({ at: context.trail.lastIndexOf(params.step) })),
    },
  });
}

function transitionsFrom(step: CompiledFlow["steps"][number]) {
  if (!step.next) return [{ actions: { type: "record" as const, params: { step: step.id } } }];
  const branches = typeof step.next === "string" ? [{ to: step.next }] : step.next;
  return branches.map((branch) => ({
    target: branch.to,
    ...("if" in branch && branch.if ? { guard: { type: "condition" as const, params: { step: step.id, condition: branch.if } } } : {}),
    actions: { type: "advance" as const, params: { step: step.id, to: branch.to } },
  }));
}

/**
 * Compiles a flow into an XState machine: one state per step (named by its id), `NEXT` follows
 * the step's branches, `BACK` and `GO_TO` move along the trail of steps already taken. The
 * machine starts at the first step without an answer, so passing earlier answers resumes.
 */
export function createFlowMachine(flow: CompiledFlow) {
  const steps = flow.steps;
  /** `prefix` is "." from the root, "" from a sibling state. */
  const toEach = (prefix: "." | "", guard: "isCurrent" | "isPrevious" | "isOnTrail", action?: "back" | "moveTo") =>
    steps.map((s) => ({
      target: `${prefix}${s.id}`,
      guard: { type: guard, params: { step: s.id } },
      ...(action === "back" ? { actions: "back" as const } : action === "moveTo" ? { actions: { type: "moveTo" as const, params: { step: s.id } } } : {}),
    }));

  return flowSetup(flow).createMachine({
    id: flow.code,
    context: ({ input }) => flowStart(flow, input),
    // Upper case, so it can never clash with a step id.
    initial: "RESUMING",
    states: {
      RESUMING: { always: toEach("", "isCurrent") },
      ...Object.fromEntries(steps.map((s) => [s.id, { on: { NEXT: transitionsFrom(s) } }])),
    },
    on: {
      BACK: toEach(".", "isPrevious", "back"),
      GO_TO: toEach(".", "isOnTrail", "moveTo"),
    },
  });
}

type FlowMachine = ReturnType<typeof createFlowMachine>;
export type FlowSnapshot = SnapshotFrom<FlowMachine>;

/** The step a snapshot is on. */
export const currentStep = (snapshot: FlowSnapshot): string => stepOf(snapshot.context);
