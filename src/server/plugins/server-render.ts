import type { FastifyReply, FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS, VISITOR_ID_PATTERN } from "#schemas/pages/visitor-cookie.ts";
import { assignVariants } from "#engine/flow/variant.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";

type RenderedPage = { html: string; status: number; loaderData: Record<string, unknown>; modules: string[]; queries: unknown };
/** A rendered first screen and the key it is kept under. */
export type RenderedScreen = { key: string; page: RenderedPage };
type RenderPage = (url: string, boot: BootData, visitor: string, api: typeof fetch) => Promise<RenderedPage | null>;

/**
 * What a render may call: the server's own public API in-process, with the visitor's language and
 * country (which price the plans) and nothing that says who they are (no cookies).
 */
export type VisitorApi = { fetch: typeof fetch; locale: string };

/** Where the build put the server's renderer: beside the browser build (scripts/vite/ssr-bundle-plugin.ts). */
export const rendererFile = (distDir: string) => join(`${distDir.replace(/[\\/]+$/, "")}-ssr`, "entry-server.js");

/** Query parameters no page draws (the app keeps them at boot, src/web/shared/tracking): left out of the render and its cache key. */
const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|msclkid|ttclid|_ga)$/i;
/** Rendered pages kept (a page per path, query, locale and variant); the oldest goes first. */
const CACHE_SIZE = 300;
/** How long a rendered page is kept: the plans and counts it shows are never older than this. */
const FRESH_MS = 60_000;

/** The URL as the page draws it: its path and the query parameters a page may read. */
export function renderedUrl(url: string): string {
  const parsed = new URL(url, "http://pathwise.invalid");
  for (const name of [...parsed.searchParams.keys()]) if (TRACKING.test(name)) parsed.searchParams.delete(name);
  parsed.searchParams.sort();
  return parsed.pathname + parsed.search;
}

/** The visitor id in the request's cookie, or a new one set on the reply (the app reads it: src/web/funnel/visitor-id.ts). */
export function visitorOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const sent = request.cookies[VISITOR_COOKIE];
  if (sent && VISITOR_ID_PATTERN.test(sent)) return sent;
  const id = randomUUID();
  void reply.setCookie(VISITOR_COOKIE, id, { path: "/", maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS, sameSite: "lax", secure, httpOnly: false });
  return id;
}

export type ServerRender = {
  /** The page's first screen as HTML, with the data its hydration needs; null: the browser renders it. */
  render(url: string, boot: BootData, catalogEtag: string, flow: CompiledFlow | undefined, visitor: string, api: VisitorApi): Promise<RenderedScreen | null>;
};

/**
 * The first screens rendered by React's server renderer from the build's own components (ADR 039),
 * kept per page, query, catalogue, flow version and experiment variants. Without the renderer file
 * (the dev server, an older build) every page is drawn in the browser as before.
 */
export async function loadServerRender(distDir: string, log: { error: (obj: object, msg: string) => void }): Promise<ServerRender | null> {
  const file = rendererFile(distDir);
  if (!existsSync(file)) return null;
  const { renderPage } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { renderPage: RenderPage };
  const cache = new Map<string, Promise<RenderedPage | null>>();
  return {
    async render(url, boot, catalogEtag, flow, visitor, api) {
      const at = renderedUrl(url);
      const variants = flow ? assignVariants(visitor, flow.experiments) : {};
      const fresh = Math.floor(Date.now() / FRESH_MS);
      const key = JSON.stringify([at, catalogEtag, flow?.hash ?? "", boot.finished30d ?? null, variants, api.locale, fresh]);
      let pending = cache.get(key);
      if (!pending) {
        pending = renderPage(`http://pathwise.invalid${at}`, boot, visitor, api.fetch).catch((err: unknown) => {
          log.error({ err, url: at }, "the server could not render this page; the browser renders it");
          return null;
        });
        cache.set(key, pending);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      const page = await pending;
      return page ? { key, page } : null;
    },
  };
}
