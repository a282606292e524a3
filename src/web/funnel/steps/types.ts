import type { StepKind } from "#schemas/flow/steps.ts";
import type { Answer } from "#engine/flow/types.ts";
import type { StepViewModel } from "../frame/view-model.ts";

/**
 * What every step renderer gets: its view-model and a way to answer. Renderers hold no flow logic:
 * they show the step, check the input's shape, and call `onAnswer`.
 */
export type StepProps<K extends StepKind> = StepViewModel<K> & {
  onAnswer: (value?: Answer) => void;
  /** True while the answer is being handled (e.g. the e-mail is being registered). */
  busy?: boolean;
  /** A problem with the last answer to show under the field (from the server). */
  error?: string | null;
  /** Preparing steps: how far the analysis has come, 0–1. */
  progress?: number;
  /** Pre-checkout: load the plans again after a failure. */
  onRetry?: () => void;
  /**
   * E-mail and name steps: the customer logged in in this browser, whose own address the e-mail
   * step uses (ADR 011) and whose first name the name step starts with.
   */
  account?: { email: string; firstName: string | null } | null;
  /** E-mail step, logged in: "Not you? Log out" — log out and go on as a new visitor. */
  onLogOut?: () => void;
};
