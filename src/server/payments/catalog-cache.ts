import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { asc } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { catalogEntries } from "../db/schema.ts";
import type { Clock } from "../platform/clock.ts";
import type { ContentEncoding } from "../platform/accepted-encoding.ts";

/** Catalogue texts change only when content is synced; instances re-read them at most this often. */
const CATALOG_TTL_SECONDS = 30;

const compressors: Record<ContentEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

export type CatalogBody = {
  /** `{ data: [{code, text}] }` as JSON text (the page shell embeds it). */
  json: string;
  /** The same JSON as UTF-8 bytes, what GET /api/info-data-catalog/list sends. */
  bytes: Buffer;
  etag: string;
  /** The bytes compressed, once per catalogue version and encoding, off the event loop (zlib's thread pool). */
  encoded(encoding: ContentEncoding): Promise<Buffer>;
};

function catalogBody(json: string): CatalogBody {
  const bytes = Buffer.from(json);
  const encoded = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    json,
    bytes,
    etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`,
    encoded(encoding) {
      let done = encoded.get(encoding);
      if (!done) {
        done = compressors[encoding](bytes);
        encoded.set(encoding, done);
        done.catch(() => encoded.delete(encoding));
      }
      return done;
    },
  };
}

/** The catalogue's body, its ETag and its compressed copies, shared by all requests for a short while. */
export function createCatalogCache(db: Db, clock: Clock) {
  let cached: { body: Promise<CatalogBody>; until: number } | undefined;
  let last: CatalogBody | undefined;
  const read = async (): Promise<CatalogBody> => {
    const rows = await db.select({ code: catalogEntries.code, text: catalogEntries.text }).from(catalogEntries).orderBy(asc(catalogEntries.code));
    const json = JSON.stringify({ data: rows });
    // The same texts as before keep their body, so what was compressed is not compressed again.
    if (last?.json !== json) last = catalogBody(json);
    return last;
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
