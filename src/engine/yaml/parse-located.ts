import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { z } from "zod";
import { closest, didYouMean } from "./did-you-mean.ts";
import { explainSyntaxError } from "./syntax-problem.ts";

/** One problem in a YAML file, pointing at the exact place. */
export type Problem = {
  file: string;
  line: number;
  column: number;
  /** YAML path, e.g. days.2.tasks.0.title */
  path: string;
  /** The id of the step the problem is in, for flow files. */
  stepId?: string;
  /** Where in a report template the problem is: `section symptoms, block 2 (list)`. */
  part?: string;
  message: string;
  hint?: string;
};

export type Located<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export type YamlPath = readonly (string | number)[];
type Position = { line: number; column: number };

/** A parsed YAML document: its plain data, and where any path in it sits in the text. */
export type LocatedYaml = {
  data: unknown;
  /** 1-based position of the value at `path` (or of its key with `"key"`); an absent path points at its deepest existing parent. */
  locate: (path: YamlPath, at?: "key" | "value") => Position;
};

/** The node at a path, or the deepest ancestor that exists (an unknown key points at its parent). */
function nodeAt(root: Node | null, path: YamlPath, at: "key" | "value"): Node | null {
  let node: Node | null = root;
  for (const [index, key] of path.entries()) {
    const last = index === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
      if (!pair) return node;
      node = last && at === "key" ? (pair.key as Node) : ((pair.value as Node | null) ?? (pair.key as Node));
    } else if (isSeq(node) && typeof key === "number" && node.items[key]) {
      node = node.items[key] as Node;
    } else {
      return node;
    }
  }
  return node;
}

/** Parses YAML text keeping positions; a syntax error comes back as one problem, at its first cause, in plain words. */
export function parseYaml(file: string, text: string, lineOffset = 0): Located<LocatedYaml> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number): Position => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + lineOffset, column: pos.col };
  };
  if (doc.errors.length > 0) {
    // The first error is the cause; the parser's later ones follow from it, so only the first is told.
    const error = doc.errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
    const at = position(error.pos[0]);
    const lines = text.split("\n");
    const explained = explainSyntaxError(error, lines[at.line - lineOffset - 1] ?? "", lines[at.line - lineOffset]);
    return { ok: false, problems: [{ file, ...at, path: "", ...explained }] };
  }
  const locate = (path: YamlPath, at: "key" | "value" = "value") => position(nodeAt(doc.contents, path, at)?.range?.[0] ?? 0);
  return { ok: true, value: { data: doc.toJS() as unknown, locate } };
}

/* ---------- zod issues → problems ---------- */

type Issue = z.core.$ZodIssue;
/** `suggests`: the key an unknown key is a misspelling of; `requires`: the key a missing-key problem asks for. */
type Found = { path: (string | number)[]; message: string; hint?: string; at?: "key"; suggests?: string; requires?: string };

/** Just enough of zod's schema internals to find which keys an object accepts. */
type SchemaLike = { _zod: { def: SchemaDef } };
type SchemaDef = {
  type: string;
  shape?: Record<string, SchemaLike>;
  element?: SchemaLike;
  innerType?: SchemaLike;
  options?: SchemaLike[];
  discriminator?: string;
  getter?: () => SchemaLike;
  valueType?: SchemaLike;
  in?: SchemaLike;
  values?: unknown[];
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const child = (data: unknown, key: string | number): unknown =>
  Array.isArray(data) && typeof key === "number" ? (data as unknown[])[key] : isRecord(data) ? data[String(key)] : undefined;
const dataAt = (data: unknown, path: YamlPath) => path.reduce<unknown>((d, k) => child(d, k), data);
const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const toPath = (path: readonly PropertyKey[]) => path.map((k) => (typeof k === "number" ? k : String(k)));

/** The concrete schemas a (wrapped, lazy or union) schema stands for, given the data it meets. */
function unwrap(schema: SchemaLike, data: unknown): SchemaLike[] {
  const def = schema._zod.def;
  if (def.innerType) return unwrap(def.innerType, data);
  if (def.type === "lazy" && def.getter) return unwrap(def.getter(), data);
  if (def.type === "pipe" && def.in) return unwrap(def.in, data);
  if (def.type === "union" && def.options) {
    const tag = def.discriminator;
    const matching = tag && isRecord(data) ? def.options.filter((o) => o._zod.def.shape?.[tag]?._zod.def.values?.includes(data[tag])) : [];
    return (matching.length > 0 ? matching : def.options).flatMap((o) => unwrap(o, data));
  }
  return [schema];
}

/** The keys an object at `path` accepts, per the schema. */
function keysAt(schema: SchemaLike, data: unknown, path: YamlPath): string[] {
  let schemas = unwrap(schema, data);
  let here = data;
  for (const key of path) {
    here = child(here, key);
    const next = schemas.flatMap((s) => {
      const def = s._zod.def;
      const sub = def.type === "object" ? def.shape?.[String(key)] : def.type === "array" ? def.element : def.type === "record" ? def.valueType : undefined;
      return sub ? [sub] : [];
    });
    schemas = next.flatMap((s) => unwrap(s, here));
  }
  return [...new Set(schemas.flatMap((s) => Object.keys(s._zod.def.shape ?? {})))];
}

/** Which union branch the author meant: the one with no type mismatch at its root, fewest root-level issues, deepest reach. */
function bestBranch(branches: Issue[][]): Issue[] | "none" | "ambiguous" {
  const fits = branches.filter((b) => !b.every((i) => i.code === "invalid_type" && i.path.length === 0));
  if (fits.length === 0) return "none";
  const rank = (b: Issue[]) => [b.filter((i) => i.path.length === 0).length, -Math.max(...b.map((i) => i.path.length)), b.length];
  const ranked = fits.map((b) => ({ b, r: rank(b) })).sort((x, y) => x.r[0]! - y.r[0]! || x.r[1]! - y.r[1]! || x.r[2]! - y.r[2]!);
  const [first, second] = ranked;
  if (second && first!.r[0]! > 0 && first!.r.every((v, i) => v === second.r[i])) return "ambiguous";
  return first!.b;
}

function explain(issue: Issue, base: (string | number)[], data: unknown, schema: SchemaLike): Found[] {
  const path = [...base, ...toPath(issue.path)];
  const value = dataAt(data, path);
  const last = path.at(-1);
  const missing = value === undefined && typeof last === "string" && isRecord(dataAt(data, path.slice(0, -1)));
  switch (issue.code) {
    case "unrecognized_keys": {
      const allowed = keysAt(schema, data, path);
      return issue.keys.map((key) => unknownKey(path, key, allowed));
    }
    case "invalid_type":
      return [{ path, message: missing ? `"${last}" is required (${issue.expected})` : issue.message, ...(missing ? { requires: last } : {}) }];
    case "invalid_value": {
      const hint = typeof value === "string" ? didYouMean(value, issue.values.map(String)) : undefined;
      return [{ path, message: missing ? `"${last}" is required` : issue.message, hint, ...(missing ? { requires: last } : {}) }];
    }
    case "invalid_union": {
      if ((issue as { note?: string }).note === "No matching discriminator") {
        const options = (issue as { options?: unknown[] }).options?.map(String) ?? [];
        if (missing) return [{ path, message: `"${last}" is required: one of ${options.join(", ")}`, requires: last }];
        return [{ path, message: `unknown ${String(last)} "${String(value)}"`, hint: typeof value === "string" ? didYouMean(value, options) : undefined }];
      }
      const best = bestBranch(issue.errors);
      if (best === "none") {
        const expected = [...new Set(issue.errors.flat().flatMap((i) => (i.code === "invalid_type" ? [i.expected] : [])))];
        const what = expected.join(" or ");
        return [
          {
            path,
            message: missing ? `"${last}" is required (${what})` : `expected ${what}, received ${typeName(value)}`,
            ...(missing ? { requires: last } : {}),
          },
        ];
      }
      if (best === "ambiguous") {
        const allowed = keysAt(schema, data, path);
        const unknown = Object.keys(isRecord(value) ? value : {}).filter((k) => !allowed.includes(k));
        if (unknown.length > 0) return unknown.map((key) => unknownKey(path, key, allowed));
        return [{ path, message: `does not match any allowed form (${allowed.join(", ")})` }];
      }
      return best.flatMap((i) => explain(i, path, data, schema));
    }
    default:
      return [{ path, message: issue.message }];
  }
}

/**
 * A key the object does not take. One with a space in it is nearly always the tail of unquoted
 * text cut at a comma, as in `{ id: yes, label: Yes, I do }`.
 */
function unknownKey(path: (string | number)[], key: string, allowed: string[]): Found {
  if (/\s/.test(key.trim()))
    return {
      path: [...path, key],
      at: "key",
      message: `unknown key "${key}"`,
      hint: "a comma inside unquoted text splits it into a new key: put the text in quotes",
    };
  const near = closest(key, allowed);
  return { path: [...path, key], at: "key", message: `unknown key "${key}"`, ...(near ? { hint: `did you mean "${near}"?`, suggests: near } : {}) };
}

/**
 * One problem per mistake: a misspelt key (`tilte:`) is told as the unknown key with its "did you
 * mean", and the key it stands for is not told again as missing.
 */
function oncePerMistake(found: Found[]): Found[] {
  const place = (path: (string | number)[], key: string) => JSON.stringify([...path.slice(0, -1), key]);
  const misspelt = new Set(found.flatMap((f) => (f.suggests ? [place(f.path, f.suggests)] : [])));
  return found.filter((f) => !(f.requires && misspelt.has(place(f.path, f.requires))));
}

/** Every zod issue as a located problem: unknown keys point at the key, unions explained by the branch the author meant. */
export function schemaProblems(file: string, yaml: LocatedYaml, schema: z.ZodType, issues: readonly Issue[]): Problem[] {
  const like = schema as unknown as SchemaLike;
  return oncePerMistake(issues.flatMap((issue) => explain(issue, [], yaml.data, like))).map((f) => ({
    file,
    ...yaml.locate(f.path, f.at),
    path: f.path.join("."),
    message: f.message,
    ...(f.hint ? { hint: f.hint } : {}),
  }));
}

/**
 * Parses YAML text and validates it with a zod schema, reporting every problem
 * with line and column (1-based). `lineOffset` shifts lines for front matter.
 */
export function parseLocated<S extends z.ZodType>(file: string, text: string, schema: S, lineOffset = 0): Located<z.output<S>> {
  const parsed = parseYaml(file, text, lineOffset);
  if (!parsed.ok) return parsed;
  const result = schema.safeParse(parsed.value.data);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: schemaProblems(file, parsed.value, schema, result.error.issues) };
}

/** "file:line:column path [step or template part]: message (hint)" */
export const formatProblem = (p: Problem) =>
  `${p.file}:${p.line}:${p.column}${p.path ? ` ${p.path}` : ""}${p.stepId ? ` [${p.stepId}]` : ""}${p.part ? ` [${p.part}]` : ""}: ${p.message}${p.hint ? ` (${p.hint})` : ""}`;
