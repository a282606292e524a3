import { sql } from "drizzle-orm";
import type { AdSpendImported, AdSpendSeries } from "#schemas/api/admin-ad-spend.ts";
import type { Db } from "#server/db/client.ts";
import { adSpend } from "#server/db/schema.ts";
import type { SpendRow } from "./ad-spend-csv.ts";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (6 a row). */
const CHUNK = 1000;

/**
 * Stores a parsed file in one transaction: every row or none. A day, source and campaign already
 * stored is replaced (its currency and spend are the file's), so importing the same file again
 * changes nothing but the import time.
 */
export async function importAdSpend(db: Db, rows: SpendRow[], now: Date): Promise<AdSpendImported> {
  const replaced = await db.transaction(async (tx) => {
    let count = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map((r) => ({ ...r, importedAt: now }));
      const written = await tx
        .insert(adSpend)
        .values(values)
        .onConflictDoUpdate({
          target: [adSpend.day, adSpend.source, adSpend.campaign],
          set: { currency: sql`excluded.currency`, amount: sql`excluded.amount`, importedAt: sql`excluded.imported_at` },
        })
        // xmax is set on a row version an upsert updated, and 0 on one it inserted.
        .returning({ replaced: sql<boolean>`xmax <> 0` });
      count += written.filter((w) => w.replaced).length;
    }
    return count;
  });
  const days = rows.map((r) => r.day).sort();
  return { rows: rows.length, added: rows.length - replaced, replaced, from: days[0]!, to: days.at(-1)!, unmatched: await unmatchedPairs(db, rows) };
}

/** The file's source and campaign pairs that no quiz session arrived with (a misspelt name matches no visitor). */
async function unmatchedPairs(db: Db, rows: SpendRow[]): Promise<{ source: string; campaign: string }[]> {
  const pairs = [...new Map(rows.map((r) => [JSON.stringify([r.source, r.campaign]), { source: r.source, campaign: r.campaign }])).values()];
  const sources = [...new Set(pairs.map((p) => p.source))];
  const seen = rowsOf<{ source: string; campaign: string }>(
    await db.execute(sql`
      select distinct s.attribution -> 'utm' ->> 'utm_source' as source, s.attribution -> 'utm' ->> 'utm_campaign' as campaign
      from quiz_sessions s
      where s.attribution -> 'utm' ->> 'utm_source' in (${sql.join(
        sources.map((v) => sql`${v}`),
        sql`, `,
      )})`),
  );
  const known = new Set(seen.map((p) => JSON.stringify([p.source, p.campaign])));
  return pairs.filter((p) => !known.has(JSON.stringify([p.source, p.campaign])));
}

/** The stored spend, per source, campaign and currency, the most recently imported first. */
export async function listAdSpend(db: Db): Promise<AdSpendSeries[]> {
  return rowsOf<AdSpendSeries>(
    await db.execute(sql`
      select source, campaign, currency,
        to_char(min(day), 'YYYY-MM-DD') as "from", to_char(max(day), 'YYYY-MM-DD') as "to",
        count(*)::int as days, sum(amount)::float8 as spend,
        to_char(max(imported_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "importedAt"
      from ad_spend
      group by source, campaign, currency
      order by max(imported_at) desc, source, campaign, currency`),
  );
}
