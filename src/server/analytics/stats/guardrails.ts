import type { z } from "zod";
import type { comparison, GUARDRAILS } from "#schemas/api/admin-funnels.ts";
import type { RunOutcome } from "../funnel-queries.ts";
import { ALPHA } from "./sequential.ts";
import { sequentialRates } from "./sequential-tests.ts";

type Guardrail = z.infer<typeof comparison>["guardrails"][number];
type Metric = (typeof GUARDRAILS)[number];

/** Each guardrail as a rate: which runs count (the denominator) and which of them went wrong. */
const RATES: Record<Metric, { of: (r: RunOutcome) => boolean; bad: (r: RunOutcome) => boolean }> = {
  refund_rate: { of: (r) => r.paid, bad: (r) => r.refunds > 0 },
  declined: { of: (r) => r.checkout, bad: (r) => r.stopped === "declined" },
  refused: { of: () => true, bad: (r) => r.stopped === "refused" },
};

const rateOf = (runs: RunOutcome[], metric: Metric) => {
  const counted = runs.filter(RATES[metric].of);
  return { successes: counted.filter(RATES[metric].bad).length, n: counted.length };
};

/**
 * The guardrails of a group against the control (ADR 064): refund rate, declined payments and
 * checkout refusals, each tested with the same always-valid method as the verdict. A guardrail is
 * flagged when the group's rate is significantly higher, whatever the group's conversion does.
 */
export function guardrailsOf(control: RunOutcome[], group: RunOutcome[], smallestLift: number): Guardrail[] {
  return (Object.keys(RATES) as Metric[]).map((metric) => {
    const a = rateOf(control, metric);
    const b = rateOf(group, metric);
    const test = sequentialRates(a, b, smallestLift);
    return {
      metric,
      control: a.n ? a.successes / a.n : 0,
      group: b.n ? b.successes / b.n : 0,
      test: stated(test),
      worse: test.valid && test.p <= ALPHA && test.difference > 0,
    };
  });
}

/** A sequential result as the report states it: what cannot be computed (NaN) is null. */
export function stated<T extends Record<string, unknown>>(result: T): { [K in keyof T]: T[K] extends number ? number | null : T[K] } {
  return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, typeof v === "number" && !Number.isFinite(v) ? null : v])) as never;
}
