import type { Experiment } from "#schemas/flow/experiments.ts";
import { flow, type Flow } from "#schemas/flow/flow.ts";
import type { Scoring } from "#schemas/flow/scoring.ts";
import { step as stepSchema, type Step } from "#schemas/flow/steps.ts";
import { identifier } from "#schemas/flow/text.ts";
import type { YamlPath } from "#engine/yaml/parse-located.ts";

/** The line a YAML path's key is written on, for a message that names another place in the file. */
type LineOf = (path: YamlPath) => number;

/**
 * What a check found: where (YAML path), what, and maybe how to fix it. `at: "key"` points at a map key.
 * A message that names another place ("… of option "sometimes" (line 41)") is a function of `lineOf`.
 * `stepId` names the step a finding outside `steps:` is about (inside `steps:` it is read from the path).
 */
export type Finding = { path: YamlPath; message: string | ((lineOf: LineOf) => string); hint?: string; at?: "key"; stepId?: string };

/**
 * A flow as the checks see it. When the file passed the schema everything is there (`complete`);
 * otherwise each part that passes on its own is kept, and `null` marks a part the checks skip,
 * so one mistake does not hide the others nor cause false alarms.
 */
export type LintInput = {
  /** Steps in file order; null where a step failed the schema. */
  steps: (Step | null)[];
  /** The id written on each step, valid step or not. */
  ids: (string | undefined)[];
  startPath: string | null;
  aliases: string[] | null;
  answerSets: Flow["answerSets"] | null;
  /** undefined: the flow has no scoring; null: its scoring failed the schema. */
  scoring: Scoring | undefined | null;
  experiments: Experiment[] | null;
  complete: boolean;
};

export const fromFlow = (f: Flow): LintInput => ({
  steps: f.steps,
  ids: f.steps.map((s) => s.id),
  startPath: f.paths.start,
  aliases: f.paths.aliases,
  answerSets: f.answerSets,
  scoring: f.scoring,
  experiments: f.experiments,
  complete: true,
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A step that passes the schema, or passes once its unknown keys (already reported) are left out. */
function salvageStep(raw: unknown): Step | null {
  const first = stepSchema.safeParse(raw);
  if (first.success) return first.data;
  if (!isRecord(raw)) return null;
  const unknown = new Set(first.error.issues.flatMap((i) => (i.code === "unrecognized_keys" && i.path.length === 0 ? i.keys : [])));
  if (unknown.size === 0) return null;
  const again = stepSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([k]) => !unknown.has(k))));
  return again.success ? again.data : null;
}

/**
 * The id written on a step. A step written as a bare id (`- switch-reason`, reported on its own) still
 * counts as that step for references, so a `next` naming it is not a second problem.
 */
const writtenId = (raw: unknown): string | undefined =>
  isRecord(raw) ? (typeof raw.id === "string" ? raw.id : undefined) : typeof raw === "string" && identifier.safeParse(raw).success ? raw : undefined;

/** The parts of a flow that fail the schema as a whole but pass on their own. */
export function salvage(data: unknown): LintInput {
  const raw = isRecord(data) ? data : {};
  const rawSteps = Array.isArray(raw.steps) ? (raw.steps as unknown[]) : [];
  const part = <T>(result: { success: true; data: T } | { success: false }): T | null => (result.success ? result.data : null);
  const paths = part(flow.shape.paths.safeParse(raw.paths));
  return {
    steps: rawSteps.map(salvageStep),
    ids: rawSteps.map(writtenId),
    startPath: paths?.start ?? null,
    aliases: paths?.aliases ?? null,
    answerSets: part(flow.shape.answerSets.safeParse(raw.answerSets)),
    scoring: part(flow.shape.scoring.safeParse(raw.scoring)),
    experiments: part(flow.shape.experiments.safeParse(raw.experiments)),
    complete: false,
  };
}

/** Each valid step with its index in the file. */
export const indexedSteps = (input: LintInput) => input.steps.flatMap((step, index) => (step ? [{ step, index }] : []));

/** Ids of all steps, valid or not. */
export const knownIds = (input: LintInput) => new Set(input.ids.filter((id): id is string => id !== undefined));
