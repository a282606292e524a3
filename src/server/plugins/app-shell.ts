import type { FastifyReply, FastifyRequest } from "fastify";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { BOOT_DATA_ID } from "../../../schemas/pages/boot-data.ts";
import type { CompiledFlow } from "../../engine/flow/types.ts";
import type { CatalogBody } from "../services/catalog-cache.ts";
import { SESSION_COOKIE_NAMES } from "./auth.ts";
import { pagePreloads, readManifest, type PageModule } from "./page-preloads.ts";

/** `<` escaped so no text in the data can close the element early; the JSON stays the same. */
const safe = (json: string) => json.replace(/</g, "\\u003c");

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE_NAMES.map((n) => n.replace("-", "\\-")).join("|")})=[^;]`);

type Page = { html: string; br?: Buffer; gzip?: Buffer };

/** The picture on a funnel's first step, fetched with the scripts: it is that screen's largest element. */
function firstImage(flow: CompiledFlow): string {
  const first = flow.steps[0];
  const src = first && "image" in first ? first.image?.src : undefined;
  return src ? `<link rel="preload" as="image" href="${src.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">` : "";
}

/** What a page holds beyond the catalogue: its lazily loaded module, and a funnel's flow. */
export type ShellPage = { module?: PageModule; flow?: CompiledFlow; finished30d?: number };

/**
 * The built index.html with, before </head>, the links that fetch the page's own module (home,
 * funnel) beside the entry, and the boot data (schemas/pages/boot-data.ts): the catalogue the app
 * root would otherwise wait for, whether a login cookie came with the page, and a funnel's flow.
 * Each page (per catalogue version, cookie or not, module and flow) is built and compressed once,
 * when first asked for.
 */
export function createAppShell(distDir: string, catalog: () => Promise<CatalogBody>) {
  const index = readFileSync(join(distDir, "index.html"), "utf8");
  const at = index.indexOf("</head>");
  if (at < 0) throw new Error(`${join(distDir, "index.html")} has no </head>`);
  const [head, rest] = [index.slice(0, at), index.slice(at)];
  const preloads = pagePreloads(readManifest(distDir));
  const flowJson = new Map<string, string>();
  let pages: { etag: string; byKey: Map<string, Page> } | undefined;

  return async (request: FastifyRequest, reply: FastifyReply, shown: ShellPage = {}): Promise<FastifyReply> => {
    const session = SESSION_COOKIE.test(request.headers.cookie ?? "");
    const { json, etag } = await catalog();
    if (pages?.etag !== etag) pages = { etag, byKey: new Map() };
    const key = `${session}|${shown.module ?? ""}|${shown.flow?.hash ?? ""}|${shown.finished30d ?? ""}`;
    let page = pages.byKey.get(key);
    if (!page) {
      const { flow } = shown;
      if (flow && !flowJson.has(flow.hash)) flowJson.set(flow.hash, safe(JSON.stringify(flow)));
      const flowPart = (flow ? `,"flow":${flowJson.get(flow.hash)}` : "") + (shown.finished30d === undefined ? "" : `,"finished30d":${shown.finished30d}`);
      const links = (shown.module ? preloads[shown.module] : "") + (flow ? firstImage(flow) : "");
      page = {
        html: `${head}${links}<script type="application/json" id="${BOOT_DATA_ID}">{"session":${session},"catalog":${safe(json)}${flowPart}}</script>${rest}`,
      };
      pages.byKey.set(key, page);
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
