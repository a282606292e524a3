import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { coachingFile, type CoachingConfig } from "#schemas/content/coaching.ts";
import { parseLocated, type Located } from "#engine/yaml/parse-located.ts";

/** content/coaching/coaching.yaml, checked: every problem located (file, line, column, path), or the sessions and rules. */
export async function readCoaching(path: string): Promise<Located<CoachingConfig>> {
  const file = relative(process.cwd(), path);
  const text = await readFile(path, "utf8").catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? null : Promise.reject(e)));
  if (text === null) return { ok: false, problems: [{ file, line: 1, column: 1, path: "", message: "the coaching file is missing" }] };
  return parseLocated(file, text, coachingFile);
}
