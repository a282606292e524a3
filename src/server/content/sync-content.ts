import { createHash } from "node:crypto";
import { and, getTableColumns, ne, notInArray, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { articles, catalogEntries, eduPlans, tools, type PlanDay } from "../db/schema.ts";
import { markdownToHtml, readingMinutes } from "./markdown.ts";
import type { ContentSet } from "./read-content.ts";
import { syncProducts } from "./sync-products.ts";
import { syncProfessions } from "./sync-professions.ts";

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** `set` clause that copies every column except the key from the proposed row. */
function excludedSet(table: PgTable, keep: string[]): Record<string, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([name]) => !keep.includes(name))
      .map(([name, column]) => [name, sql.raw(`excluded."${column.name}"`)]),
  );
}

function planRow(plan: ContentSet["plans"][number]) {
  const days: PlanDay[] = plan.days.map((day, d) => ({
    id: d + 1,
    title: day.title,
    summary: day.summary,
    tasks: day.tasks.map((task, t) => ({
      id: (d + 1) * 100 + t + 1,
      title: task.title,
      text: markdownToHtml(task.text),
      minutes: task.minutes,
    })),
  }));
  const row = {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    status: plan.status,
    categoryCode: plan.category.code,
    categoryName: plan.category.name,
    pic: plan.pic,
    text: markdownToHtml(plan.text),
    audio: plan.audio,
    days,
    sourceFile: plan.file,
  };
  return { ...row, contentHash: hashOf(row) };
}

function articleRow({ data, body, file }: ContentSet["articles"][number]) {
  const row = {
    id: data.id,
    slug: data.slug,
    name: data.name,
    status: data.status,
    pic: data.pic,
    picPreview: data.pic_preview,
    summary: data.summary,
    text: markdownToHtml(body),
    catCode: data.cat.code,
    catName: data.cat.name,
    readingMinutes: readingMinutes(body),
    sourceFile: file,
  };
  return { ...row, contentHash: hashOf(row) };
}

function toolRow({ data, body, file }: ContentSet["tools"][number]) {
  const row = { ...data, text: markdownToHtml(body), sourceFile: file };
  return { ...row, contentHash: hashOf(row) };
}

export type SyncReport = { catalog: number; plans: number; articles: number; tools: number };

const unlessUnchanged = (table: string) => sql.raw(`${table}.content_hash <> excluded.content_hash`);
const allExcept = <T>(ids: T[], column: Parameters<typeof notInArray>[0]) =>
  ids.length > 0 ? notInArray(column, ids as never[]) : sql`true`;

/**
 * Brings the database in line with content/: inserts new rows, updates rows whose file changed,
 * and leaves unchanged rows untouched (their updated_at stays). Removed plans are retired, not
 * deleted, because customers may have taken them. Safe when several instances start at once.
 */
export async function syncContent(db: Db, content: ContentSet, now: Date): Promise<SyncReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
    const report: SyncReport = { catalog: 0, plans: 0, articles: 0, tools: 0 };

    const catalog = content.catalog.map((c) => ({ code: c.code, text: c.text, sourceFile: c.file, updatedAt: now }));
    if (catalog.length > 0) {
      const rows = await tx
        .insert(catalogEntries)
        .values(catalog)
        .onConflictDoUpdate({
          target: catalogEntries.code,
          set: excludedSet(catalogEntries, ["code"]),
          setWhere: sql.raw("catalog_entries.text <> excluded.text or catalog_entries.source_file <> excluded.source_file"),
        })
        .returning({ code: catalogEntries.code });
      report.catalog = rows.length;
    }
    await tx.delete(catalogEntries).where(allExcept(catalog.map((c) => c.code), catalogEntries.code));

    const plans = content.plans.map((p) => ({ ...planRow(p), updatedAt: now }));
    if (plans.length > 0) {
      const rows = await tx
        .insert(eduPlans)
        .values(plans)
        .onConflictDoUpdate({ target: eduPlans.id, set: excludedSet(eduPlans, ["id"]), setWhere: unlessUnchanged("edu_plans") })
        .returning({ id: eduPlans.id });
      report.plans = rows.length;
    }
    await tx
      .update(eduPlans)
      .set({ status: "retired", updatedAt: now })
      .where(and(ne(eduPlans.status, "retired"), allExcept(plans.map((p) => p.id), eduPlans.id)));

    const articleRows = content.articles.map((a) => ({ ...articleRow(a), updatedAt: now }));
    if (articleRows.length > 0) {
      const rows = await tx
        .insert(articles)
        .values(articleRows)
        .onConflictDoUpdate({ target: articles.id, set: excludedSet(articles, ["id"]), setWhere: unlessUnchanged("articles") })
        .returning({ id: articles.id });
      report.articles = rows.length;
    }
    await tx.delete(articles).where(allExcept(articleRows.map((a) => a.id), articles.id));

    const toolRows = content.tools.map((t) => ({ ...toolRow(t), updatedAt: now }));
    if (toolRows.length > 0) {
      const rows = await tx
        .insert(tools)
        .values(toolRows)
        .onConflictDoUpdate({ target: tools.id, set: excludedSet(tools, ["id"]), setWhere: unlessUnchanged("tools") })
        .returning({ id: tools.id });
      report.tools = rows.length;
    }
    await tx.delete(tools).where(allExcept(toolRows.map((t) => t.id), tools.id));

    // Plans for sale and occupations are content too; not part of the report, whose shape callers rely on.
    await syncProducts(tx, content.products, now);
    await syncProfessions(tx, content.professions, now);

    return report;
  });
}
