import { createHash } from "node:crypto";
import { asc } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { catalogEntries } from "../db/schema.ts";
import type { Clock } from "../platform/clock.ts";

/** Catalogue texts change only when content is synced; instances re-read them at most this often. */
const CATALOG_TTL_SECONDS = 30;

export type CatalogBody = { json: string; etag: string };

/** The serialized `{ data: [{code, text}] }` body and its ETag, shared by all requests for a short while. */
export function createCatalogCache(db: Db, clock: Clock) {
  let cached: { body: Promise<CatalogBody>; until: number } | undefined;
  const read = async (): Promise<CatalogBody> => {
    const rows = await db.select({ code: catalogEntries.code, text: catalogEntries.text }).from(catalogEntries).orderBy(asc(catalogEntries.code));
    const json = JSON.stringify({ data: rows });
    return { json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 22)}"` };
  };
  return {
    get(): Promise<CatalogBody> {
      const now = clock.now().getTime();
      if (!cached || cached.until <= now) {
        const body = read();
        cached = { body, until: now + CATALOG_TTL_SECONDS * 1000 };
        body.catch(() => (cached = undefined));
      }
      return cached.body;
    },
    invalidate: () => void (cached = undefined),
  };
}
