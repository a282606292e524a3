import type { FastifyReply, FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS, VISITOR_ID_PATTERN } from "#schemas/pages/visitor-cookie.ts";
import { assignVariants } from "#engine/flow/variant.ts";
import { createRenderAllowance } from "./render-allowance.ts";
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

/** Rendered pages kept (a page per path, query, locale and variant); the oldest goes first. */
const CACHE_SIZE = 300;
/** How long a rendered page is kept: the plans and counts it shows are never older than this. */
const FRESH_MS = 60_000;
/** New renders one client may cause (ADR 054): 60 at once, then one a second. */
export const RENDER_ALLOWANCE = { burst: 60, perMinute: 60 };
/** New renders all clients together may cause: 100 at once, then ten a second (many addresses at once). */
const IN_ALL = { burst: 100, perMinute: 600 };

/**
 * The URL as the page draws it: its path and the query parameters the page reads (its route record,
 * schemas/pages/route-patterns.ts), sorted. Any other parameter (an ad's `utm_*`, `?x=`) is left
 * out of the render and of the key it is kept under.
 */
export function renderedUrl(url: string, reads: readonly string[] = []): string {
  const parsed = new URL(url, "http://pathwise.invalid");
  const kept = new URLSearchParams([...parsed.searchParams].filter(([name]) => reads.includes(name)));
  kept.sort();
  const search = kept.toString();
  return parsed.pathname + (search ? `?${search}` : "");
}

/** The visitor id in the request's cookie, or a new one set on the reply (the app reads it: src/web/funnel/visitor-id.ts). */
export function visitorOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const sent = request.cookies[VISITOR_COOKIE];
  if (sent && VISITOR_ID_PATTERN.test(sent)) return sent;
  const id = randomUUID();
  void reply.setCookie(VISITOR_COOKIE, id, { path: "/", maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS, sameSite: "lax", secure, httpOnly: false });
  return id;
}

/** A page to render, for whom. */
type RenderRequest = {
  url: string;
  /** The query parameters the page reads (its route record): the only ones it is rendered with and kept under. */
  reads: readonly string[];
  boot: BootData;
  catalogEtag: string;
  flow: CompiledFlow | undefined;
  visitor: string;
  api: VisitorApi;
  /** Who asks (the client's address): a new render spends their allowance. */
  client: string;
  /** A logged-in customer's page (ADR 075): rendered for this request alone, never kept nor taken from what is kept. */
  personal?: boolean;
};

/** The first screen, or null (the browser draws the page), and how it came: kept, rendered now, refused a render (the client's allowance is spent), or not renderable here. */
type RenderOutcome = { screen: RenderedScreen | null; how: "kept" | "rendered" | "limited" | "browser" };

export type ServerRender = {
  /** The page's first screen as HTML, with the data its hydration needs; null: the browser renders it. */
  render(request: RenderRequest): Promise<RenderOutcome>;
};

/**
 * The first screens rendered by React's server renderer from the build's own components (ADR 039),
 * kept per page, the query parameters it reads, catalogue, flow version, experiment variants
 * (ADR 054) and whether the visitor has made a privacy choice (the banner, ADR 055). A page not kept is rendered only within the client's allowance and everyone's
 * (render-allowance.ts); past it the browser draws the page. Without the renderer file (the dev
 * server, an older build) every page is drawn in the browser as before.
 */
export async function loadServerRender(
  distDir: string,
  log: { error: (obj: object, msg: string) => void },
  now: () => number = Date.now,
): Promise<ServerRender | null> {
  const file = rendererFile(distDir);
  if (!existsSync(file)) return null;
  const { renderPage } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { renderPage: RenderPage };
  const cache = new Map<string, Promise<RenderedPage | null>>();
  const perClient = createRenderAllowance({ ...RENDER_ALLOWANCE, now });
  const inAll = createRenderAllowance({ ...IN_ALL, now });
  return {
    async render({ url, reads, boot, catalogEtag, flow, visitor, api, client, personal = false }) {
      const at = renderedUrl(url, reads);
      const variants = flow ? assignVariants(visitor, flow.experiments) : {};
      const fresh = Math.floor(now() / FRESH_MS);
      const key = personal
        ? JSON.stringify(["personal", randomUUID()])
        : JSON.stringify([at, catalogEtag, flow?.hash ?? "", boot.finished30d ?? null, variants, api.locale, boot.consented === true, fresh]);
      let pending = personal ? undefined : cache.get(key);
      const how = pending ? "kept" : "rendered";
      if (!pending) {
        if (!perClient.take(client) || !inAll.take("")) return { screen: null, how: "limited" };
        pending = renderPage(`http://pathwise.invalid${at}`, boot, visitor, api.fetch).catch((err: unknown) => {
          log.error({ err, url: at }, "the server could not render this page; the browser renders it");
          return null;
        });
        // A customer's page is theirs alone: never kept, so no other request can be answered with it.
        if (!personal) {
          cache.set(key, pending);
          if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
        }
      }
      const page = await pending;
      return page ? { screen: { key, page }, how } : { screen: null, how: "browser" };
    },
  };
}
