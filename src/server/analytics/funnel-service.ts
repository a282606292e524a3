import type { Text } from "#schemas/flow/text.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Database, Db } from "../db/client.ts";
import { catalogEntries } from "../db/schema.ts";
import { analyzeFunnelTables, type FunnelQuery } from "./funnel-queries.ts";
import { funnelReport, type FunnelReport } from "./funnel-report.ts";

/** Titles in words: a catalogue code is read from `catalog_entries` (its code when the catalogue has no such entry). */
export async function catalogWords(db: Db): Promise<(text: Text) => string> {
  const catalog = new Map((await db.select({ code: catalogEntries.code, text: catalogEntries.text }).from(catalogEntries)).map((e) => [e.code, e.text]));
  return (t) => (typeof t === "string" ? t : (catalog.get(t.code) ?? t.code));
}

/** The funnel report with its titles in words: what the API, the console and the command line show. */
export async function funnelReportInWords(db: Db, flow: CompiledFlow, query: FunnelQuery): Promise<FunnelReport> {
  return funnelReport(db, flow, query, await catalogWords(db));
}

/** How stale the planner's statistics may be before a report in the app refreshes them (embedded database only). */
const ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * Keeps the planner's statistics fresh enough for the report on an embedded database, which has
 * no autovacuum (ADR 033): at most once every ten minutes, before a report. PostgreSQL's
 * autovacuum does it there.
 */
export function statisticsKeeper(database: Database, clock: { now(): Date }): () => Promise<void> {
  let last = -Infinity;
  return async () => {
    if (database.driver !== "pglite") return;
    const now = clock.now().getTime();
    if (now - last < ANALYZE_EVERY_MS) return;
    last = now;
    await analyzeFunnelTables(database.db);
  };
}
