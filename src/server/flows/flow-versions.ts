import { asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { cyrb53 } from "#engine/flow/load/hash.ts";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { flowVersions, type VersionHow, type VersionKind } from "#server/db/schema.ts";
import type { Services } from "#server/app-services.ts";

type VersionRow = typeof flowVersions.$inferSelect;
export type NewVersion = { code: string; hash: string; file: string; source: string };

/** Every recorded version of a kind, oldest first. */
const rowsOf = (db: Db | Tx, kind: VersionKind) => db.select().from(flowVersions).where(eq(flowVersions.kind, kind)).orderBy(asc(flowVersions.id));

/** The newest recorded version of each code of a kind: the live one, with its file and source. */
export async function liveSources(db: Db | Tx, kind: VersionKind): Promise<Map<string, VersionRow>> {
  return new Map((await rowsOf(db, kind)).map((r) => [r.code, r]));
}

/**
 * Records versions inside the caller's transaction and answers their ids. The table is locked for
 * writing until the commit, so ids commit in the order they rise and a process that looks for rows
 * newer than the last it saw never passes over one committed late (follow-versions.ts); reading is
 * not held up.
 */
export async function recordVersions(tx: Tx, kind: VersionKind, versions: readonly NewVersion[], how: VersionHow, now: Date): Promise<number[]> {
  if (versions.length === 0) return [];
  await tx.execute(sql`lock table ${flowVersions} in exclusive mode`);
  const rows = await tx
    .insert(flowVersions)
    .values(versions.map((v) => ({ ...v, kind, how, wentLiveAt: now })))
    .returning({ id: flowVersions.id });
  return rows.map((r) => r.id);
}

/** A report template's version hash: of its text (a template has no compiled content hash). */
export const templateHash = (text: string) => cyrb53(text);

/**
 * What a start does with one deployed file (ADR 066): it is recorded as a version when its text is
 * not the newest recorded, and is live, unless a version published after this same text went live
 * is the newest: then that one stays live. A restart keeps what was published; a deploy with a
 * changed file wins over it.
 */
function atStart(mine: readonly VersionRow[], source: string): { record: boolean; published: VersionRow | null } {
  const newest = mine.at(-1);
  if (newest === undefined || newest.source === source) return { record: newest === undefined, published: null };
  const keep = newest.how === "publish" && mine.some((r) => r.source === source);
  return keep ? { record: false, published: newest } : { record: true, published: null };
}

/** The deployed flows as versions, then every earlier version compiled again and kept by hash for the sessions pinned to it. */
async function syncFlows(services: Services, sources: ReadonlyMap<string, string>, log: FastifyBaseLogger) {
  const { flows } = services;
  const rows = await rowsOf(services.db, "flow");
  const fresh: NewVersion[] = [];
  const published: CompiledFlow[] = [];
  for (const flow of flows.all()) {
    const source = sources.get(flow.file);
    if (source === undefined) continue;
    const mine = rows.filter((r) => r.code === flow.code);
    const start = atStart(mine, source);
    if (start.record) fresh.push({ code: flow.code, hash: flow.hash, file: flow.file, source });
    for (const row of mine) {
      if (row.source === source) continue;
      const compiled = loadFlow(row.file, row.source);
      if (!compiled.ok) log.warn({ code: row.code, hash: row.hash }, "an earlier flow version no longer compiles: not served");
      else if (row === start.published) published.push(compiled.value);
      else flows.keep(compiled.value);
    }
  }
  services.versions.recorded(await services.db.transaction((tx) => recordVersions(tx, "flow", fresh, "deploy", services.clock.now())));
  flows.goLive(published);
}

/** The deployed report templates as versions; a template published after the deployed text stays live. */
async function syncTemplates(services: Services, contentDir: string, log: FastifyBaseLogger) {
  const { reports, flows } = services;
  const rows = await rowsOf(services.db, "report_template");
  const fresh: NewVersion[] = [];
  for (const flow of flows.all()) {
    if (!reports.has(flow.report) || fresh.some((v) => v.code === flow.report)) continue;
    const path = join(contentDir, "reports", flow.report, "report.yaml");
    const source = await readFile(path, "utf8").catch(() => null);
    if (source === null) continue;
    const start = atStart(
      rows.filter((r) => r.code === flow.report),
      source,
    );
    if (start.record) fresh.push({ code: flow.report, hash: templateHash(source), file: relative(process.cwd(), path), source });
    if (!start.published) continue;
    const checked = checkReportTemplate(start.published.file, start.published.source, flow, reports.library);
    if (checked.ok) reports.goLive(flow.report, checked.value);
    else log.warn({ code: flow.report }, "the published report template no longer passes its check: the deployed one is used");
  }
  services.versions.recorded(await services.db.transaction((tx) => recordVersions(tx, "report_template", fresh, "deploy", services.clock.now())));
}

/** At start: records the deployed flows and templates and makes live what was published after them (ADR 066). */
export async function syncDeployedVersions(services: Services, options: { flowSources: ReadonlyMap<string, string>; contentDir: string; log: FastifyBaseLogger }) {
  // What another process records from here on, this one learns by looking at the table (follow-versions.ts).
  await services.versions.startFromNewest();
  await syncFlows(services, options.flowSources, options.log);
  await syncTemplates(services, options.contentDir, options.log);
}

export type WentLive = { hash: string; how: VersionHow; wentLiveAt: Date };

/** Each flow's versions, newest first, with when and how each went live (the flows console page). */
export async function flowVersionHistory(db: Db): Promise<Map<string, WentLive[]>> {
  const history = new Map<string, WentLive[]>();
  for (const row of (await rowsOf(db, "flow")).reverse()) {
    const list = history.get(row.code) ?? [];
    list.push({ hash: row.hash, how: row.how, wentLiveAt: row.wentLiveAt });
    history.set(row.code, list);
  }
  return history;
}
