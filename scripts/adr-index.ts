/**
 * Writes docs/decisions/README.md, the index of the architecture decision records, from the records
 * themselves: each one's number and title (its first line) and its status line, with the records it
 * supersedes or amends linked. `npm run docs:adr-index` writes it; tests/docs/adr-index.test.ts fails
 * when the committed index is not what this prints.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export type DecisionRecord = { number: number; file: string; title: string; status: string | null };

const recordFile = /^(\d{3})-[a-z0-9-]+\.md$/;

/** Every record in the folder, by number. */
export async function readDecisionRecords(dir: string): Promise<DecisionRecord[]> {
  const files = (await readdir(dir)).filter((f) => recordFile.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(dir, file), "utf8");
      const heading = /^# (\d{3}) — (.+)$/m.exec(text);
      if (!heading) throw new Error(`${file}: the first heading must read "# NNN — Title"`);
      if (heading[1] !== file.slice(0, 3)) throw new Error(`${file}: its heading says ${heading[1]}`);
      const status = /^(?:- )?Status: (.+)$/m.exec(text)?.[1]?.trim() ?? null;
      return { number: Number(heading[1]), file, title: heading[2]!.trim(), status };
    }),
  );
}

/** Numbers below the newest that no record holds. */
export const missingNumbers = (records: DecisionRecord[]): number[] => {
  const held = new Set(records.map((r) => r.number));
  const newest = Math.max(0, ...held);
  return Array.from({ length: newest }, (_, i) => i + 1).filter((n) => !held.has(n));
};

const pad = (n: number) => String(n).padStart(3, "0");

/** The status line with every record it names ("ADR 005", "amends 006", "by 037") as a link. */
function linkedStatus(status: string, records: DecisionRecord[]): string {
  const byNumber = new Map(records.map((r) => [pad(r.number), r]));
  return status.replace(/\b(\d{3})\b/g, (digits) => {
    const record = byNumber.get(digits);
    return record ? `[${digits}](${record.file})` : digits;
  });
}

/** Numbers that were skipped when the record after them was written; kept empty so no reference changes meaning. */
const SKIPPED = "not used: the number was skipped when the next record was written";

export function renderIndex(records: DecisionRecord[]): string {
  const rows: string[] = [];
  const all = [...records.map((r) => ({ number: r.number, record: r })), ...missingNumbers(records).map((number) => ({ number, record: null }))];
  for (const { number, record } of all.sort((a, b) => a.number - b.number)) {
    if (record) rows.push(`| ${pad(number)} | [${record.title}](${record.file}) | ${record.status ? linkedStatus(record.status, records) : "accepted"} |`);
    else rows.push(`| ${pad(number)} | — | ${SKIPPED} |`);
  }
  return [
    "# Decisions",
    "",
    "Why the code is the way it is, one short record per decision. This index is written by",
    "`npm run docs:adr-index` from the records themselves (`scripts/adr-index.ts`); a test fails when",
    "it is out of date, when a number is skipped or when a record's heading does not match its file.",
    "",
    "A new record takes the next number after the newest, and says in its `Status:` line which",
    "records it supersedes or amends (`supersedes 005`, `amends 006`); the older record's status says",
    "`superseded by NNN` where the whole of it no longer holds.",
    "",
    "| ADR | Decision | Status |",
    "|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

export const decisionsDir = join(process.cwd(), "docs", "decisions");

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const records = await readDecisionRecords(decisionsDir);
  await writeFile(join(decisionsDir, "README.md"), renderIndex(records));
  process.stdout.write(`docs/decisions/README.md: ${records.length} records\n`);
}
