import type { Experiment } from "#schemas/flow/experiments.ts";
import type { Flow } from "#schemas/flow/flow.ts";
import type { Scoring } from "#schemas/flow/scoring.ts";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import type { Step } from "#schemas/flow/steps.ts";

/**
 * A flow after validation and linting: what the browser receives as JSON (never YAML) and what
 * the server scores with. Every step has its resolved `path`.
 */
export type CompiledFlow = {
  code: string;
  topic: Flow["topic"];
  title: Flow["title"];
  /** Its home-page card; not part of `hash` (new card copy is not a new version of the quiz). */
  card?: Flow["card"];
  description?: Flow["description"];
  version: number;
  /** Hash of the flow's content: a snapshot or answer saved under another hash is from another version. */
  hash: string;
  report: string;
  paths: Flow["paths"];
  answerSets: Flow["answerSets"];
  steps: (Step & { path: string })[];
  scoring?: Scoring;
  experiments: Experiment[];
  /** The plans its pre-checkout offers (ADR 065); left out: every plan on sale. A variant may replace it. */
  offer?: Flow["offer"];
  /**
   * The claims rule's settings of its report's template (ADR 036): the gap, and whether the report
   * compares its scales. Only in what the server serves to a browser (src/server/reports/browser-flow.ts,
   * not part of `hash`): the pre-checkout draws its bars by the rule at once (preCheckoutClaimOf).
   * Left out when the report has no template.
   */
  claims?: { gap: number; compares: boolean };
  /** E-mails to leads who did not buy (server only: not part of `hash`, not sent to the browser). */
  follow_ups?: Flow["follow_ups"];
  /** The file it came from, relative to the project (for messages). */
  file: string;
};

/**
 * An answer, as its step's kind checks it (`check` in the kinds record, src/engine/flow/kinds/index.ts):
 * an option id or ids, a number, text, a chosen product id, { rating, comment }, or null for a step
 * that asks nothing.
 */
export type Answer = string | number | string[] | { rating: number; comment?: string } | null;
export type Answers = Record<string, Answer>;

export type ScaleScore = {
  id: string;
  score: number;
  /** The least and most the scale can score with its items and answer sets. */
  min: number;
  max: number;
  /** The band the score falls in, when the scale has bands. */
  band?: string;
  /** How many of its items were answered. */
  answered: number;
  items: number;
};

export type Scores = {
  scales: ScaleScore[];
  /** Scale ids from highest to lowest score (ties keep the declared order). */
  ranking: string[];
};

/** The machine's context (persisted with its snapshot). */
export type FlowContext = {
  answers: Answers;
  /** The steps taken from the start, in order; `at` is the index of the current one. */
  trail: string[];
  at: number;
  /** experiment id → variant id */
  variants: Record<string, string>;
  /** The session's order of shuffled options and groups (ADR 067): the machine runs the flow in it (see order.ts `inOrder`). */
  order: ShownOrder;
};

export type FlowEvent =
  /** Answer the current step (value left out for steps that ask nothing) and move on. */
  | { type: "NEXT"; value?: Answer }
  /** One step back along the trail. */
  | { type: "BACK" }
  /** Go to a step already on the trail (browser back/forward, deep links); ignored otherwise. */
  | { type: "GO_TO"; step: string };

export type FlowInput = { answers?: Answers; variants?: Record<string, string>; order?: ShownOrder };
