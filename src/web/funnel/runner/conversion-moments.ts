import { useEffect } from "react";
import { evaluateCondition } from "#engine/flow/condition.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import type { CompiledFlow, FlowContext } from "#engine/flow/types.ts";
import { conversionValue, sendConversion, sendStepEvent } from "#web/shared/conversions/conversions.ts";
import type { ProductView } from "#web/shared/money/money.ts";
import type { QuizSessionSync } from "../session/quiz-session.ts";

/**
 * Where a funnel's conversion events happen, in one place (ADR 057). Each is sent only with the
 * visitor's marketing consent, once per event id (src/web/shared/conversions/conversions.ts).
 */

/** A step was answered: the funnel's first step starts the quiz (`quiz_start`); the e-mail step, once saved, is the lead (`generate_lead`). */
export function stepAnswered(flow: CompiledFlow, stepId: string, sync: QuizSessionSync): void {
  const kind = stepId === flow.steps[0]?.id ? "quiz_started" : flow.steps.find((s) => s.id === stepId)?.kind === "email" ? "lead" : null;
  if (kind) void sync.id().then((id) => id && sendConversion(kind, id));
}

/** A checkout was opened for an order (`begin_checkout`), with the plan's first charge. */
export function checkoutOpened(orderId: string, plan: Pick<ProductView, "first_amount" | "currency"> | undefined): void {
  sendConversion("checkout_started", orderId, plan ? { value: conversionValue(plan.first_amount), currency: plan.currency } : {});
}

/** A step is shown: the flow's own events on it (its `events` in the YAML) whose condition holds on the answers so far. */
export function useStepEvents(flow: CompiledFlow, stepId: string, context: Pick<FlowContext, "answers" | "variants">, sync: QuizSessionSync): void {
  const { answers, variants } = context;
  useEffect(() => {
    const step = flow.steps.find((s) => s.id === stepId);
    const scope = { steps: flow.steps, answers, variants, scores: () => scoreAnswers(flow, answers) };
    const names = (step?.events ?? []).filter((e) => !e.when || evaluateCondition(e.when, scope)).map((e) => e.name);
    if (names.length > 0) void sync.id().then((id) => id && names.forEach((name) => sendStepEvent(name, id)));
  }, [flow, stepId, answers, variants, sync]);
}
