import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { renewalRemindersFile, type RenewalReminders } from "#schemas/content/renewal-reminders.ts";
import { parseLocated, type Located } from "#engine/yaml/parse-located.ts";

/** content/billing/renewal-reminders.yaml, checked: every problem located, or the lead times. */
export async function readRenewalReminders(path: string): Promise<Located<RenewalReminders>> {
  const file = relative(process.cwd(), path);
  const text = await readFile(path, "utf8").catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? null : Promise.reject(e)));
  if (text === null) return { ok: false, problems: [{ file, line: 1, column: 1, path: "", message: "the renewal reminders file is missing" }] };
  return parseLocated(file, text, renewalRemindersFile);
}
