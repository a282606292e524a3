import { asc, gt, max } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import type { Db } from "#server/db/client.ts";
import { flowVersions } from "#server/db/schema.ts";
import type { Flows } from "#server/flows/flows.ts";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import type { ReportTemplate } from "#schemas/report/template.ts";

type VersionRow = typeof flowVersions.$inferSelect;

/** What one look at flow_versions changed in this process: the codes that went live, the versions refused here. */
export type Followed = { flows: string[]; reports: string[]; refused: { kind: VersionRow["kind"]; code: string; hash: string; reason: string }[] };

/** The newest row of each code, in id order. */
const newestByCode = (rows: readonly VersionRow[]) => [...new Map(rows.map((r) => [r.code, r])).values()];

/**
 * This process's part in the versions several app processes share (ADR 066): changes to what is live
 * here run one at a time (a publish, a look at the table), and each process looks in flow_versions
 * for rows newer than the last it saw. A newer flow or report template another process recorded is
 * compiled and checked as at a start and goes live here too; an earlier one is kept by hash for the
 * sessions pinned to it. The rows this process recorded itself are live already and are skipped.
 */
export function createVersionFollower(db: Db, flows: Flows, reports: { library: ReportLibrary; goLive: (code: string, template: ReportTemplate) => void }) {
  let line: Promise<unknown> = Promise.resolve();
  let seen = 0;
  const mine = new Set<number>();

  const oneAtATime = <T>(change: () => Promise<T>): Promise<T> => {
    const run = line.then(change);
    line = run.catch(() => undefined);
    return run;
  };

  async function follow(log: FastifyBaseLogger): Promise<Followed> {
    const rows = await db.select().from(flowVersions).where(gt(flowVersions.id, seen)).orderBy(asc(flowVersions.id));
    const followed: Followed = { flows: [], reports: [], refused: [] };
    if (rows.length === 0) return followed;
    seen = rows.at(-1)!.id;
    // Each id this process recorded passes by once: it is forgotten as it is skipped.
    const others = rows.filter((r) => !mine.delete(r.id));
    const refuse = (row: VersionRow, reason: string) => {
      followed.refused.push({ kind: row.kind, code: row.code, hash: row.hash, reason });
      log.warn({ kind: row.kind, code: row.code, hash: row.hash }, `a version another process recorded is not served here: ${reason}`);
    };

    // Flows first: a template is checked against the flow that makes its report, as a publish checks it.
    const flowRows = rows.filter((r) => r.kind === "flow");
    const newest = new Set(newestByCode(flowRows));
    const goLive: CompiledFlow[] = [];
    for (const row of flowRows) {
      if (!others.includes(row)) continue;
      const compiled = loadFlow(row.file, row.source);
      if (!compiled.ok) refuse(row, "it no longer compiles");
      else if (!newest.has(row)) flows.keep(compiled.value);
      else goLive.push(compiled.value);
    }
    flows.goLive(goLive);
    followed.flows = goLive.map((f) => f.code);

    for (const row of newestByCode(rows.filter((r) => r.kind === "report_template"))) {
      if (!others.includes(row)) continue;
      const flow = flows.byReport(row.code);
      const checked = flow ? checkReportTemplate(row.file, row.source, flow, reports.library) : null;
      if (!checked) refuse(row, `no live flow makes report ${row.code}`);
      else if (!checked.ok) refuse(row, "it no longer passes its check");
      else {
        reports.goLive(row.code, checked.value);
        followed.reports.push(row.code);
      }
    }
    if (followed.flows.length + followed.reports.length > 0) log.info({ flows: followed.flows, reports: followed.reports }, "versions another process recorded are live here");
    return followed;
  }

  let looking: Promise<Followed> | null = null;

  return {
    /**
     * The flow version with this hash (ADR 066). One this process does not know yet may have been
     * published by another process since the last poll: then it looks in the table once (callers
     * asking at the same time share the look) before answering null.
     */
    async byHash(hash: string, log: FastifyBaseLogger): Promise<CompiledFlow | null> {
      const known = flows.byHash(hash);
      if (known) return known;
      looking ??= oneAtATime(() => follow(log)).finally(() => (looking = null));
      await looking;
      return flows.byHash(hash);
    },
    /** Runs a change to what is live in this process after the one before it ends (publishes, looks at the table). */
    oneAtATime,
    /** Looks from here: rows up to the newest one now are what this start has taken into account. */
    async startFromNewest() {
      const [row] = await db.select({ id: max(flowVersions.id) }).from(flowVersions);
      seen = row?.id ?? 0;
    },
    /** Rows this process recorded and made live itself: a look at the table skips them. */
    recorded(ids: readonly number[]) {
      for (const id of ids) mine.add(id);
    },
    /** Makes live here what other processes recorded since the last look (the poll, FLOW_VERSIONS_POLL_SECONDS). */
    follow: (log: FastifyBaseLogger) => oneAtATime(() => follow(log)),
  };
}
