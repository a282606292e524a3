import { createHash } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { products, type ProductPrices } from "../db/schema.ts";
import type { ContentSet } from "./read-content.ts";


function productRow(p: ContentSet["products"][number]) {
  const row = {
    id: p.id,
    name: p.name,
    summary: p.summary,
    includes: p.includes,
    badge: p.badge ?? null,
    trialDays: p.trial_days,
    period: p.period,
    prices: p.prices as ProductPrices,
    sortOrder: p.order,
    active: true,
    sourceFile: p.file,
  };
  return { ...row, contentHash: createHash("sha256").update(JSON.stringify(row)).digest("hex") };
}

/**
 * Plans for sale: inserts new ones, updates changed ones (unchanged rows keep their updated_at),
 * and retires removed ones (`active = false`), since orders and subscriptions still point at them.
 * Runs inside the content sync's transaction. Returns how many rows changed.
 */
export async function syncProducts(tx: Tx, list: ContentSet["products"], now: Date): Promise<number> {
  const rows = list.map((p) => ({ ...productRow(p), updatedAt: now }));
  let changed = 0;
  if (rows.length > 0) {
    const written = await tx
      .insert(products)
      .values(rows)
      .onConflictDoUpdate({
        target: products.id,
        set: {
          name: sql.raw("excluded.name"),
          summary: sql.raw("excluded.summary"),
          includes: sql.raw("excluded.includes"),
          badge: sql.raw("excluded.badge"),
          trialDays: sql.raw("excluded.trial_days"),
          period: sql.raw("excluded.period"),
          prices: sql.raw("excluded.prices"),
          sortOrder: sql.raw("excluded.sort_order"),
          active: sql.raw("excluded.active"),
          contentHash: sql.raw("excluded.content_hash"),
          sourceFile: sql.raw("excluded.source_file"),
          updatedAt: sql.raw("excluded.updated_at"),
        },
        setWhere: sql.raw("products.content_hash <> excluded.content_hash or products.active = false"),
      })
      .returning({ id: products.id });
    changed += written.length;
  }
  const ids = rows.map((r) => r.id);
  const retired = await tx
    .update(products)
    .set({ active: false, updatedAt: now })
    .where(and(eq(products.active, true), ids.length > 0 ? notInArray(products.id, ids) : sql`true`))
    .returning({ id: products.id });
  return changed + retired.length;
}
