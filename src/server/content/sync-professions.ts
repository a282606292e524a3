import { createHash } from "node:crypto";
import { and, eq, getTableColumns, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { professions, type ProfessionPay } from "../db/schema.ts";
import type { ContentSet } from "./read-content.ts";


function professionRow(p: ContentSet["professions"][number]) {
  const pay: ProfessionPay | null = p.pay ?? null;
  const row = {
    slug: p.slug,
    title: p.title,
    onetSoc: p.onet_soc,
    riasecCode: p.riasec.code,
    riasecLevels: p.riasec.levels,
    riasecFrom: p.riasec.from,
    summary: p.summary,
    tasks: p.tasks,
    skills: p.skills,
    jobZone: p.job_zone.zone,
    jobZoneFrom: p.job_zone.from,
    educationLevel: p.education.level,
    educationFrom: p.education.from,
    pay,
    active: true,
    sourceFile: p.file,
  };
  return { ...row, contentHash: createHash("sha256").update(JSON.stringify(row)).digest("hex") };
}

/** Every column but the key, copied from the proposed row on conflict. */
const fromExcluded = Object.fromEntries(
  Object.entries(getTableColumns(professions))
    .filter(([name]) => name !== "slug")
    .map(([name, column]) => [name, sql.raw(`excluded."${column.name}"`)]),
);

/**
 * Occupations: inserts new ones, updates changed ones (unchanged rows keep their updated_at), and
 * retires removed ones (`active = false`), since stored reports still link to them. Runs inside
 * the content sync's transaction. Returns how many rows changed.
 */
export async function syncProfessions(tx: Tx, list: ContentSet["professions"], now: Date): Promise<number> {
  const rows = list.map((p) => ({ ...professionRow(p), updatedAt: now }));
  let changed = 0;
  if (rows.length > 0) {
    const written = await tx
      .insert(professions)
      .values(rows)
      .onConflictDoUpdate({
        target: professions.slug,
        set: fromExcluded,
        setWhere: sql.raw("professions.content_hash <> excluded.content_hash or professions.active = false"),
      })
      .returning({ slug: professions.slug });
    changed += written.length;
  }
  const slugs = rows.map((r) => r.slug);
  const retired = await tx
    .update(professions)
    .set({ active: false, updatedAt: now })
    .where(and(eq(professions.active, true), slugs.length > 0 ? notInArray(professions.slug, slugs) : sql`true`))
    .returning({ slug: professions.slug });
  return changed + retired.length;
}
