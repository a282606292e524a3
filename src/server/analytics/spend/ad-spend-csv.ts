import { z } from "zod";
import { AD_SPEND_COLUMNS, AD_SPEND_LIMITS } from "#schemas/api/admin-ad-spend.ts";
import { currencies } from "#schemas/content/currencies.ts";
import { csvRecords } from "./csv-records.ts";

/** One day of one source and campaign: what its ads cost, in minor units of `currency`. */
export type SpendRow = { day: string; source: string; campaign: string; currency: string; amount: number };

/** What is wrong with one line of the file (1 is the header). */
export type SpendProblem = { line: number; message: string };

/** The largest spend of one row, in minor units: what the database's integer holds, 21 million a day. */
const MAX_MINOR = 2_147_483_647;

/** How the report names visitors who arrived without the value (../funnel-queries.ts): no ad can have it. */
const NO_VALUE = "(none)";

const day = z.iso.date();

/** Control characters and lone surrogates, which a link's UTM value never keeps (schemas/api/quiz.ts drops them). */
const unstorable = (v: string) =>
  [...v].some((ch) => {
    const code = ch.codePointAt(0)!;
    return code < 32 || code === 127 || (code >= 0xd800 && code <= 0xdfff);
  });

/** A source or campaign as the visitor's link carries it: what quiz sessions keep (trimmed, at most 500 characters). */
function utmValueProblem(name: string, value: string): string | null {
  if (value === "") return `${name} is empty: write the utm_${name} of the ads' links`;
  if (value === NO_VALUE) return `${name} "${NO_VALUE}" is how the figures name visitors without a utm_${name}: write the value of the ads' links`;
  if (value.length > 500) return `${name} is longer than 500 characters, which no visitor's utm_${name} keeps`;
  if (unstorable(value)) return `${name} holds a control character`;
  return null;
}

/** "1234.5" → 123450 minor units, exactly (no floating point); null when it is not a plain amount. */
function minorUnits(text: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

function spendProblem(text: string): string | null {
  if (text === "") return "spend is empty: write 0 for a day without spend";
  if (/^-/.test(text)) return `spend "${text}" is negative`;
  if (/[^\d.]/.test(text)) return `spend "${text}" must be a plain amount such as 1234.56: no currency sign, no thousands separator, a point for the decimals`;
  const minor = minorUnits(text);
  if (minor === null) return `spend "${text}" must be a plain amount such as 1234.56, with at most two decimals`;
  if (minor > MAX_MINOR) return `spend "${text}" is more than one row can hold (21,474,836.47 a day)`;
  return null;
}

/** The header's columns by name, or what is wrong with it. */
function readHeader(cells: string[]): { ok: true; at: Record<(typeof AD_SPEND_COLUMNS)[number], number> } | { ok: false; message: string } {
  const names = cells.map((c) => c.trim().toLowerCase());
  const expected = `the first line must name the columns ${AD_SPEND_COLUMNS.join(",")} (in any order)`;
  const unknown = names.filter((n) => !(AD_SPEND_COLUMNS as readonly string[]).includes(n));
  const missing = AD_SPEND_COLUMNS.filter((c) => !names.includes(c));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  const wrong = [
    unknown.length ? `unknown column ${unknown.map((n) => `"${n}"`).join(", ")}` : "",
    missing.length ? `missing ${missing.join(", ")}` : "",
    twice.length ? `${twice.join(", ")} named twice` : "",
  ].filter(Boolean);
  if (wrong.length) return { ok: false, message: `${expected}: ${wrong.join("; ")}` };
  return { ok: true, at: Object.fromEntries(AD_SPEND_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<(typeof AD_SPEND_COLUMNS)[number], number> };
}

/**
 * The rows of an ad-spend CSV (docs/analytics.md, ADR 059), or every problem found, each with its
 * line: the caller stores all of the rows or none. A file is refused whole when its header is
 * wrong, when it has no rows or more than AD_SPEND_LIMITS.rows, or when any row is wrong: a date
 * that is not YYYY-MM-DD, an empty or impossible source or campaign, a currency the app does not
 * sell in, a spend that is not a plain non-negative amount with at most two decimals, or a day,
 * source and campaign given twice.
 */
export function parseAdSpendCsv(text: string): { ok: true; rows: SpendRow[] } | { ok: false; problems: SpendProblem[] } {
  const read = csvRecords(text);
  if (!read.ok) return { ok: false, problems: [{ line: read.line, message: read.problem }] };
  const [header, ...records] = read.records;
  if (!header) return { ok: false, problems: [{ line: 1, message: `the file is empty: its first line must name the columns ${AD_SPEND_COLUMNS.join(",")}` }] };
  const columns = readHeader(header.cells);
  if (!columns.ok) return { ok: false, problems: [{ line: header.line, message: columns.message }] };
  if (records.length === 0) return { ok: false, problems: [{ line: header.line + 1, message: "the file has no rows under its header" }] };
  if (records.length > AD_SPEND_LIMITS.rows) {
    return { ok: false, problems: [{ line: records[AD_SPEND_LIMITS.rows]!.line, message: `more than ${AD_SPEND_LIMITS.rows} rows: split the file` }] };
  }

  const problems: SpendProblem[] = [];
  const rows: SpendRow[] = [];
  const firstLine = new Map<string, number>();
  const { at } = columns;
  for (const { line, cells } of records) {
    if (cells.length !== header.cells.length) {
      problems.push({ line, message: `${cells.length} cells where the header has ${header.cells.length} (a comma in a name must be inside quotes)` });
      continue;
    }
    const cell = (c: (typeof AD_SPEND_COLUMNS)[number]) => cells[at[c]]!.trim();
    const row = { day: cell("date"), source: cell("source"), campaign: cell("campaign"), currency: cell("currency").toUpperCase(), spend: cell("spend") };
    const wrong = [
      day.safeParse(row.day).success ? null : `date "${row.day}" must be a day written YYYY-MM-DD (UTC)`,
      utmValueProblem("source", row.source),
      utmValueProblem("campaign", row.campaign),
      (currencies as readonly string[]).includes(row.currency)
        ? null
        : `currency "${row.currency}" is not one the app sells in (${currencies.join(", ")}): spend is compared with revenue in the same currency`,
      spendProblem(row.spend),
    ].filter((p): p is string => p !== null);
    const key = JSON.stringify([row.day, row.source, row.campaign]);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) wrong.push(`the same date, source and campaign as line ${earlier}: give each day of a campaign once`);
    else firstLine.set(key, line);
    if (wrong.length) problems.push({ line, message: wrong.join("; ") });
    else rows.push({ day: row.day, source: row.source, campaign: row.campaign, currency: row.currency, amount: minorUnits(row.spend)! });
  }
  return problems.length ? { ok: false, problems } : { ok: true, rows };
}
