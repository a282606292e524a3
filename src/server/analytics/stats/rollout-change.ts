import type { Experiment } from "#schemas/flow/experiments.ts";

/** One line of a diff: added (+), removed (−) or kept for context (space). */
export type DiffLine = { sign: "+" | "-" | " "; line: string };

/**
 * The change to a flow's YAML that rolls `variant` out (ADR 064): the head of the experiment's entry
 * under `experiments:`, its state keys as they are and as they become, stopped on `day`. The
 * variants below it do not change.
 */
export function rolloutChange(experiment: Experiment, variant: string, day: string): DiffLine[] {
  const key = (name: string, value: string) => `    ${name}: ${value}`;
  const lines: DiffLine[] = [{ sign: " ", line: `  - id: ${experiment.id}` }];
  if (experiment.status) lines.push({ sign: "-", line: key("status", experiment.status) });
  lines.push({ sign: "+", line: key("status", "rolled_out") });
  if (experiment.rolled_out) lines.push({ sign: "-", line: key("rolled_out", experiment.rolled_out) });
  lines.push({ sign: "+", line: key("rolled_out", variant) });
  if (experiment.started) lines.push({ sign: " ", line: key("started", experiment.started) });
  if (experiment.stopped) lines.push({ sign: "-", line: key("stopped", experiment.stopped) });
  lines.push({ sign: "+", line: key("stopped", day) });
  return lines;
}
