import type { z } from "zod";
import { parseLocated, type Located } from "./parse-located.ts";

export type WithBody<T> = { data: T; body: string };

/** Splits "---\nyaml\n---\nbody" and validates the YAML part with positions that match the file. */
export function parseFrontMatter<S extends z.ZodType>(file: string, text: string, schema: S): Located<WithBody<z.output<S>>> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) {
    return {
      ok: false,
      problems: [{ file, line: 1, column: 1, path: "", message: "must start with front matter between two --- lines" }],
    };
  }
  const parsed = parseLocated(file, match[1]!, schema, 1);
  if (!parsed.ok) return parsed;
  const body = match[2]!.trim();
  if (body.length < 20) {
    const line = match[1]!.split("\n").length + 3;
    return { ok: false, problems: [{ file, line, column: 1, path: "", message: "the body below the front matter is empty" }] };
  }
  return { ok: true, value: { data: parsed.value, body } };
}
