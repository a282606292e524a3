import type { FastifyReply, FastifyRequest } from "fastify";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { BOOT_DATA_ID } from "../../../schemas/pages/boot-data.ts";
import type { CatalogBody } from "../services/catalog-cache.ts";
import { SESSION_COOKIE_NAMES } from "./auth.ts";

/** `<` escaped so no text in the data can close the element early; the JSON stays the same. */
const safe = (json: string) => json.replace(/</g, "\\u003c");

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE_NAMES.map((n) => n.replace("-", "\\-")).join("|")})=[^;]`);

type Page = { html: string; br?: Buffer; gzip?: Buffer };

/**
 * The built index.html with the boot data (schemas/pages/boot-data.ts) before </head>: the
 * catalogue the app root would otherwise wait for, and whether a login cookie came with the page.
 * There are two pages per catalogue version (cookie or not); each is compressed once, when first asked for.
 */
export function createAppShell(distDir: string, catalog: () => Promise<CatalogBody>) {
  const index = readFileSync(join(distDir, "index.html"), "utf8");
  const at = index.indexOf("</head>");
  if (at < 0) throw new Error(`${join(distDir, "index.html")} has no </head>`);
  const [head, rest] = [index.slice(0, at), index.slice(at)];
  let pages: { etag: string; bySession: Map<boolean, Page> } | undefined;

  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const session = SESSION_COOKIE.test(request.headers.cookie ?? "");
    const { json, etag } = await catalog();
    if (pages?.etag !== etag) pages = { etag, bySession: new Map() };
    let page = pages.bySession.get(session);
    if (!page) {
      page = { html: `${head}<script type="application/json" id="${BOOT_DATA_ID}">{"session":${session},"catalog":${safe(json)}}</script>${rest}` };
      pages.bySession.set(session, page);
    }
    void reply.type("text/html; charset=utf-8").header("vary", "accept-encoding, cookie");
    const accepts = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepts)) {
      page.br ??= brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return reply.header("content-encoding", "br").send(page.br);
    }
    if (/\bgzip\b/.test(accepts)) {
      page.gzip ??= gzipSync(page.html, { level: 9 });
      return reply.header("content-encoding", "gzip").send(page.gzip);
    }
    return reply.send(page.html);
  };
}
