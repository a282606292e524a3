import { flow, type Flow } from "#schemas/flow/flow.ts";
import { parseYaml, schemaProblems, type Located, type LocatedYaml, type Problem } from "#engine/yaml/parse-located.ts";
import { contentHash } from "./hash.ts";
import { cardProblems } from "../lint/lint-card.ts";
import { lintFlow } from "../lint/lint-flow.ts";
import { fromFlow, salvage, type Finding } from "../lint/lint-input.ts";
import { stepPath } from "../lint/lint-paths.ts";
import { stepShapeProblems } from "../lint/lint-step-shape.ts";
import type { CompiledFlow } from "../types.ts";

/** The id of the step a YAML path is inside (`steps.3…`), as written in the file. */
function stepIdAt(data: unknown, path: string): string | undefined {
  const match = /^steps\.(\d+)(\.|$)/.exec(path);
  if (!match || typeof data !== "object" || data === null) return undefined;
  const steps = (data as { steps?: unknown }).steps;
  const step: unknown = Array.isArray(steps) ? (steps as unknown[])[Number(match[1])] : undefined;
  const id = typeof step === "object" && step !== null ? (step as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

const located = (file: string, yaml: LocatedYaml, f: Finding): Problem => ({
  file,
  ...yaml.locate(f.path, f.at),
  path: f.path.join("."),
  ...(f.stepId ? { stepId: f.stepId } : {}),
  message: typeof f.message === "string" ? f.message : f.message((path) => yaml.locate(path, "key").line),
  ...(f.hint ? { hint: f.hint } : {}),
});

/**
 * The flow as the browser and server get it: every step with its resolved path, and a hash of the
 * content. The home-page card and the follow-up e-mails are left out of the hash: their copy changes
 * nothing a visitor answers, so a run under way does not have to restart for it.
 */
function compile(file: string, f: Flow): CompiledFlow {
  const steps = f.steps.map((s, i) => ({ ...s, path: stepPath(s, i, f.paths.start) }));
  const { card, follow_ups, ...quiz } = { ...f, steps };
  return { ...quiz, ...(card ? { card } : {}), ...(follow_ups ? { follow_ups } : {}), hash: contentHash(quiz), file };
}

const byPlace = (a: Problem, b: Problem) => a.line - b.line || a.column - b.column;

/**
 * Reads one flow file: YAML with positions, the zod `flow` schema, then every lint check.
 * All problems come back together (never only the first), each with file, line, column, YAML
 * path, step id and, where one helps, a hint.
 */
export function loadFlow(file: string, text: string): Located<CompiledFlow> {
  const parsed = parseYaml(file, text);
  if (!parsed.ok) return parsed;
  const yaml = parsed.value;
  const result = flow.safeParse(yaml.data);
  // A step of no kind, or with another kind's key, is told once in plain words instead of the schema's issues.
  const shapes = stepShapeProblems(yaml.data, result.success ? [] : result.error.issues);
  const problems = [
    ...schemaProblems(file, yaml, flow, shapes.issues),
    ...[...shapes.findings, ...lintFlow(result.success ? fromFlow(result.data) : salvage(yaml.data))].map((f) => located(file, yaml, f)),
    ...(result.success ? cardProblems(result.data) : []).map((f) => located(file, yaml, f)),
  ].map((p) => {
    const stepId = p.stepId ?? stepIdAt(yaml.data, p.path);
    return stepId === undefined ? p : { ...p, stepId };
  });
  if (problems.length > 0 || !result.success) return { ok: false, problems: problems.sort(byPlace) };
  return { ok: true, value: compile(file, result.data) };
}
