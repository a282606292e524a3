import type { ExperimentVerdictView } from "./admin-funnels.ts";

/**
 * An experiment's verdict in words (ADR 064): one rule for the console's page and the command's
 * text, as `funnel-verdict.ts` is for the fixed-sample tests.
 */

/** The guardrails in words. */
export const GUARDRAIL_WORDS: Record<ExperimentVerdictView["flagged"][number]["metric"], string> = {
  refund_rate: "refund rate",
  declined: "declined payments",
  refused: "checkout refusals",
};

/** The deciding metrics in words. */
export const METRIC_WORDS: Record<ExperimentVerdictView["decideOn"], string> = {
  paid: "paid conversion",
  net_revenue_per_visitor: "revenue per visitor after refunds and renewals",
};

const count = (n: number) => n.toLocaleString("en-US");
/** A rate or a lift as a percentage with one decimal: "10.0%". */
export const share = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The one sentence the verdict is; `control` is the variant the others are compared with. */
export function verdictSentence(e: ExperimentVerdictView, control: string): string {
  const metric = METRIC_WORDS[e.decideOn];
  if (e.verdict === "wins")
    return e.winner === control ? `${control} (the control) wins on ${metric}: every variant is worse.` : `${e.winner} wins on ${metric}.`;
  if (e.verdict === "no_difference") return `No difference large enough to matter: no variant moves ${metric} by ${share(e.smallestLift)} or more.`;
  const still =
    e.visitorsStillNeeded === null
      ? ""
      : e.visitorsStillNeeded === 0
        ? " Every variant has had them: the difference is likely smaller than that. Stop it, or keep running to measure a smaller one."
        : ` About ${count(e.visitorsStillNeeded)} more visitors${e.daysStillNeeded === null ? "" : `, ${count(e.daysStillNeeded)} days at this range’s traffic`}.`;
  const size =
    e.visitorsPerVariant === null ? "" : ` Each variant needs about ${count(e.visitorsPerVariant)} visitors to find a lift of ${share(e.smallestLift)}.`;
  return `Keep running: no variant is ahead or behind on ${metric} yet.${size}${still}`;
}
