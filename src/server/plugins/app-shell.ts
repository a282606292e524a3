import type { FastifyReply, FastifyRequest } from "fastify";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { BOOT_DATA_ID, type BootData } from "#schemas/pages/boot-data.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Customer } from "#schemas/api/auth.ts";
import type { CatalogBody } from "../payments/catalog-cache.ts";
import { acceptedEncoding } from "../platform/accepted-encoding.ts";
import { SESSION_COOKIE_NAMES } from "./auth.ts";
import { pageHead as pageHeadOf, splitHoisted } from "./page-head.ts";
import { createPreloads, pagePreloads, readManifest, type PageModule } from "./page-preloads.ts";
import { scriptsAfterFirstPaint } from "./page-scripts.ts";
import type { RenderedScreen } from "./server-render.ts";

/** `<` escaped so no text in the data can close the element early; the JSON stays the same. */
const safe = (json: string) => json.replace(/</g, "\\u003c");

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE_NAMES.map((n) => n.replace("-", "\\-")).join("|")})=[^;]`);

type Page = { html: string; br?: Promise<Buffer>; gzip?: Promise<Buffer> };

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** The picture on a funnel's first step, fetched with the scripts: it is that screen's largest element. */
function firstImage(flow: CompiledFlow): string {
  const first = flow.steps[0];
  const src = first && "image" in first ? first.image?.src : undefined;
  return src ? `<link rel="preload" as="image" href="${src.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">` : "";
}

/** A funnel page's flow and social-proof count, and the routes the build lacks, as the boot data carries them. */
const bootFlow = (shown: ShellPage): Partial<BootData> => ({
  ...(shown.added?.routes.length ? { routes: [...shown.added.routes] } : {}),
  ...(shown.flow ? { flow: shown.flow } : {}),
  ...(shown.finished30d === undefined ? {} : { finished30d: shown.finished30d }),
});

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * A rendered page's stylesheets written into the page itself (ADR 039): its first paint then waits
 * for no request beyond the HTML (on a phone's network each is a round trip of half a second). Each
 * link stays, disabled: the browser does not fetch it, and the app's module loader, which looks for
 * a stylesheet's link before adding one, finds it there. A file that cannot be inlined keeps its link.
 */
function inlineStylesheets(distDir: string): (tags: string) => string {
  const css = new Map<string, string | null>();
  const read = (file: string) => {
    if (!css.has(file)) {
      try {
        const text = readFileSync(join(distDir, file), "utf8");
        css.set(file, text.includes("</") ? null : text);
      } catch {
        css.set(file, null);
      }
    }
    return css.get(file)!;
  };
  return (tags) =>
    tags.replace(STYLESHEET, (link, file: string) => {
      const text = read(file);
      return text === null ? link : `<style>${text}</style>${link.replace(/>$/, " disabled>")}`;
    });
}

/**
 * What a page holds beyond the catalogue: its lazily loaded module, a funnel's flow, and the live
 * flows' routes the build's router lacks (ADR 066), with the version of the live set they come from.
 */
export type ShellPage = {
  /**
   * Who the page's login cookie proves (ADR 075), asked only on the pages drawn for it (spa.ts): the
   * customer of a proven session, or null (none: the page is drawn as for a visitor without a login).
   * The page then tells the app, which starts logged in as them (or out) without asking again.
   */
  customer?: Customer | null;
  module?: PageModule;
  flow?: CompiledFlow;
  /**
   * A funnel's page at one of its entries (isEntryPath): drawn by the server, its first picture
   * preloaded. Not for a visitor whose run there has answers (`run`): the browser draws their place.
   */
  entry?: boolean;
  finished30d?: number;
  /** Further into a funnel: the run this browser can resume there (src/server/quiz/page-run.ts, ADR 078). The page is then this browser's alone. */
  run?: BootData["run"];
  added?: { version: number; routes: readonly { path: string; flow: string }[] };
};

/**
 * The page's first screen rendered by the server (server-render.ts), for a visitor without a login
 * cookie, or for one whose cookie was asked who it proves (`shown.customer`, ADR 075).
 */
export type RenderScreen = (
  request: FastifyRequest,
  reply: FastifyReply,
  boot: BootData,
  catalogEtag: string,
  shown: ShellPage,
) => Promise<RenderedScreen | null>;

/** Whether the request carries a login session cookie (proven or not: spa.ts asks who it is where it matters). */
export const hasSessionCookie = (request: FastifyRequest): boolean => SESSION_COOKIE.test(request.headers.cookie ?? "");

const ROOT = '<div id="root"></div>';

/**
 * The built index.html with, before </head>, the links that fetch the page's own module (home,
 * funnel) beside the entry, and the boot data (schemas/pages/boot-data.ts): the catalogue the app
 * root would otherwise wait for, whether a login cookie came with the page, and a funnel's flow.
 * Each page (per catalogue version, cookie or not, module and flow) is built and compressed once,
 * when first asked for.
 */
export function createAppShell(
  distDir: string,
  catalog: () => Promise<CatalogBody>,
  renderScreen: RenderScreen | null = null,
  pixels: BootData["pixels"] = undefined,
) {
  const index = readFileSync(join(distDir, "index.html"), "utf8");
  // Rendered pages go into an empty #root; an index.html without one gets none.
  const rendering = index.includes(ROOT) ? renderScreen : null;
  const at = index.indexOf("</head>");
  if (at < 0) throw new Error(`${join(distDir, "index.html")} has no </head>`);
  const [head, rest] = [index.slice(0, at), index.slice(at)];
  const inline = inlineStylesheets(distDir);
  const manifest = readManifest(distDir);
  const preloads = pagePreloads(manifest);
  const preloadsOf = createPreloads(manifest);
  // By the served flow object: one per version and report template (src/server/reports/browser-flow.ts).
  const flowJson = new WeakMap<CompiledFlow, string>();
  let pages: { etag: string; byKey: Map<string, Page> } | undefined;
  // The same on every page: the ad pixels configured (ADR 057); the browser loads them only with marketing consent.
  const pixelPart = pixels && (pixels.meta || pixels.tiktok) ? `,"pixels":${safe(JSON.stringify(pixels))}` : "";

  return async (request: FastifyRequest, reply: FastifyReply, shown: ShellPage = {}): Promise<FastifyReply> => {
    const session = hasSessionCookie(request);
    const { json, etag } = await catalog();
    if (pages?.etag !== etag) pages = { etag, byKey: new Map() };
    // With a login cookie, what a page shows depends on who it is: it is drawn in the browser, unless
    // the server asked who the cookie proves (ADR 075).
    const { customer } = shown;
    const personal = customer !== undefined;
    const screen =
      rendering && (!session || personal)
        ? await rendering(
            request,
            reply,
            { session, catalog: JSON.parse(json) as BootData["catalog"], ...bootFlow(shown), ...(personal ? { customer } : {}) },
            etag,
            shown,
          )
        : null;
    const key = `${session}|${shown.module ?? ""}|${shown.flow?.hash ?? ""}|${JSON.stringify(shown.flow?.claims ?? null)}|${shown.entry === true}|${shown.finished30d ?? ""}|${shown.added?.version ?? ""}|${screen?.key ?? ""}`;
    // A page made for whom a cookie proves, or with this browser's run, is made for this request alone
    // and never kept: no other request is answered with it.
    const own = personal || shown.run !== undefined;
    let page = own ? undefined : pages.byKey.get(key);
    if (!page) {
      const { flow } = shown;
      if (flow && !flowJson.has(flow)) flowJson.set(flow, safe(JSON.stringify(flow)));
      const flowPart =
        (shown.added?.routes.length ? `,"routes":${safe(JSON.stringify(shown.added.routes))}` : "") +
        (flow ? `,"flow":${flowJson.get(flow)}` : "") +
        (shown.finished30d === undefined ? "" : `,"finished30d":${shown.finished30d}`) +
        (shown.run ? `,"run":${safe(JSON.stringify(shown.run))}` : "");
      const hydration =
        (screen ? `,"hydration":{"loaderData":${safe(JSON.stringify(screen.page.loaderData))}},"queries":${safe(JSON.stringify(screen.page.queries))}` : "") +
        (personal ? `,"customer":${safe(JSON.stringify(customer))}` : "");
      // A rendered page fetches the CSS and scripts of its own routes' modules; other pages those of their module.
      const links = (screen ? preloadsOf(screen.page.modules) : shown.module ? preloads[shown.module] : "") + (flow && shown.entry ? firstImage(flow) : "");
      // The page's own <title>, description and preloads, which React puts first in what it renders, go into the head (page-head.ts).
      const hoisted = screen ? splitHoisted(screen.page.html) : null;
      const pageHead = hoisted ? pageHeadOf(head, hoisted.tags, links) : head;
      const body = hoisted ? rest.replace(ROOT, () => `<div id="root">${hoisted.body}</div>`) : rest;
      page = {
        html: `${screen ? scriptsAfterFirstPaint(inline(pageHead) + inline(links)) : pageHead + links}<script type="application/json" id="${BOOT_DATA_ID}">{"session":${session},"catalog":${safe(json)}${flowPart}${pixelPart}${hydration}}</script>${body}`,
      };
      // Kept while the catalogue stays the same; rendered screens are few (server-render.ts keeps at most a few hundred).
      if (!own) {
        if (pages.byKey.size >= 1000) pages.byKey.clear();
        pages.byKey.set(key, page);
      }
    }
    void reply.type("text/html; charset=utf-8").header("vary", "accept-encoding, cookie");
    // Nothing personal in a browser's or a proxy's cache (as every logged-in API answer, src/server/plugins/auth.ts).
    if (own) void reply.header("cache-control", "private, no-store");
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    // Compressed once per page, off the event loop (zlib's thread pool), and kept with it (ADR 054).
    if (encoding === "br") {
      page.br ??= brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return reply.header("content-encoding", "br").send(await page.br);
    }
    if (encoding === "gzip") {
      page.gzip ??= gzip(page.html, { level: 9 });
      return reply.header("content-encoding", "gzip").send(await page.gzip);
    }
    return reply.send(page.html);
  };
}
