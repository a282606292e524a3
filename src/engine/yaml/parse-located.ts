import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { z } from "zod";

/** One problem in a YAML file, pointing at the exact place. */
export type Problem = {
  file: string;
  line: number;
  column: number;
  /** YAML path, e.g. days.2.tasks.0.title */
  path: string;
  message: string;
  hint?: string;
};

export type Located<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

type PathKey = string | number | symbol;

/** The node at a path, or the deepest ancestor that exists (an unknown key points at its parent). */
function nodeAt(root: Node | null, path: readonly PathKey[]): Node | null {
  let node: Node | null = root;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
      if (!pair) return node;
      node = (pair.value as Node | null) ?? (pair.key as Node);
    } else if (isSeq(node) && typeof key === "number" && node.items[key]) {
      node = node.items[key] as Node;
    } else {
      return node;
    }
  }
  return node;
}

/**
 * Parses YAML text and validates it with a zod schema, reporting every problem
 * with line and column (1-based). `lineOffset` shifts lines for front matter.
 */
export function parseLocated<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  lineOffset = 0,
): Located<z.output<S>> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + lineOffset, column: pos.col };
  };
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({ file, ...at(e.pos[0]), path: "", message: e.message.split("\n")[0]! })),
    };
  }
  const result = schema.safeParse(doc.toJS());
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const where = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]!] : issue.path;
      const node = nodeAt(doc.contents, where);
      return {
        file,
        ...at(node?.range?.[0] ?? 0),
        path: issue.path.map(String).join("."),
        message: issue.message,
      };
    }),
  };
}

/** "file:line:column path: message" */
export const formatProblem = (p: Problem) =>
  `${p.file}:${p.line}:${p.column}${p.path ? ` ${p.path}` : ""}: ${p.message}${p.hint ? ` (${p.hint})` : ""}`;
