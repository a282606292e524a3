import { step as stepSchema, type StepKind } from "#schemas/flow/steps.ts";
import { identifier } from "#schemas/flow/text.ts";
import type { z } from "zod";
import { closest } from "#engine/yaml/did-you-mean.ts";
import { stepKinds } from "../kinds/index.ts";
import type { Finding } from "./lint-input.ts";

/** Every step kind, in the order of the kinds record (one entry per kind of the schema). */
const kindNames = Object.keys(stepKinds) as StepKind[];

/** The keys a step of this kind takes, per its schema. */
export const fieldsOf = (kind: StepKind): string[] => Object.keys(stepSchema.options.find((o) => o.shape.kind.value === kind)?.shape ?? {});

/** "a likert step", "an info step". */
const aStep = (kind: string) => `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} step`;

/** The kinds that take a key, in the kinds record's order. */
const kindsWith = (key: string) => kindNames.filter((k) => fieldsOf(k).includes(key));

/**
 * Keys of a step of a known kind that belong to other kinds (`options:` on a likert step): told as
 * such, not as a misspelling of the nearest key of its own kind.
 */
function otherKindsKeys(raw: Record<string, unknown>, kind: StepKind, index: number): Finding[] {
  const own = fieldsOf(kind);
  return Object.keys(raw).flatMap((key): Finding[] => {
    const owners = own.includes(key) ? [] : kindsWith(key);
    if (owners.length === 0) return [];
    return [
      {
        path: ["steps", index, key],
        at: "key",
        message: `${aStep(kind)} has no "${key}"`,
        hint: `"${key}" belongs to ${owners.join(", ")} steps; ${aStep(kind)} takes ${own.join(", ")}`,
      },
    ];
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const kindList = kindNames.join(", ");
/** A value that is not what was wanted, named for a message. */
function what(v: unknown): string {
  if (v === null || v === undefined) return "nothing";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "string") return `the text "${v}"`;
  if (typeof v === "number" || typeof v === "boolean") return `the ${typeof v} ${v}`;
  return "a mapping";
}

/** One step that is no step of any kind: not a mapping, without a kind, or with a kind that does not exist. */
function shapeProblem(raw: unknown, index: number): Finding | null {
  const at = ["steps", index];
  if (raw === null || raw === undefined)
    return { path: at, message: "this step is empty", hint: "write its id, kind and title under the dash, indented by two more spaces" };
  if (!isRecord(raw)) {
    const asId = typeof raw === "string" && identifier.safeParse(raw).success ? raw : undefined;
    return {
      path: at,
      ...(asId ? { stepId: asId } : {}),
      message: `a step is a mapping of keys (id, kind, title, …), not ${what(raw)}`,
      hint: `write it as "- id: ${asId ?? "<its id>"}" with "kind:" and "title:" on the lines below, lined up with "id:"`,
    };
  }
  if (!("kind" in raw)) return { path: [...at, "kind"], message: "this step has no kind", hint: `add a kind: one of ${kindList}` };
  const kind = raw.kind;
  if (typeof kind === "string" && (kindNames as string[]).includes(kind)) return null;
  const near = typeof kind === "string" ? closest(kind, kindNames) : undefined;
  return {
    path: [...at, "kind"],
    message: typeof kind === "string" ? `unknown step kind "${kind}"` : `a step's kind is one word, not ${what(kind)}`,
    hint: `${near ? `did you mean "${near}"? ` : ""}kinds: ${kindList}`,
  };
}

type Issue = z.core.$ZodIssue;

/**
 * Mistakes in the shape of steps, each told once in plain words: a step of no kind (not a mapping,
 * no kind, an unknown kind), whose schema issues would be a cascade over every kind, and a key of
 * another kind on a step of a known kind. Takes the schema's issues and returns the ones these
 * findings do not already tell; a step of a known kind is otherwise left to the schema, which
 * checks it against its own kind only.
 */
export function stepShapeProblems(data: unknown, issues: readonly Issue[]): { findings: Finding[]; issues: Issue[] } {
  const steps = isRecord(data) && Array.isArray(data.steps) ? (data.steps as unknown[]) : [];
  const findings: Finding[] = [];
  const whole = new Set<number>();
  const keys = new Map<number, Set<string>>();
  steps.forEach((raw, index) => {
    const problem = shapeProblem(raw, index);
    if (problem) {
      findings.push(problem);
      whole.add(index);
    } else if (isRecord(raw)) {
      const foreign = otherKindsKeys(raw, raw.kind as StepKind, index);
      findings.push(...foreign);
      keys.set(index, new Set(foreign.map((f) => String(f.path.at(-1)))));
    }
  });
  const left = issues.flatMap((issue): Issue[] => {
    const [top, index] = issue.path;
    if (top !== "steps" || typeof index !== "number") return [issue];
    if (whole.has(index)) return [];
    const told = keys.get(index);
    if (issue.code !== "unrecognized_keys" || issue.path.length !== 2 || !told?.size) return [issue];
    const rest = issue.keys.filter((k) => !told.has(k));
    return rest.length > 0 ? [{ ...issue, keys: rest }] : [];
  });
  return { findings, issues: left };
}
