import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  customerRenderedPage,
  funnelPageRecord,
  isKnownPage,
  loginThenGo,
  matchesPattern,
  routePatterns,
  serverRenderedPage,
  skipsLoginCheck,
} from "#schemas/pages/route-patterns.ts";
import { customer as customerSchema, type Customer } from "#schemas/api/auth.ts";
import { readConsentCookie } from "#schemas/consent/consent.ts";
import { createAppShell, hasSessionCookie, type RenderScreen, type ShellPage } from "./app-shell.ts";
import { loadServerRender, visitorOf, type VisitorApi } from "./server-render.ts";
import { locate } from "../platform/location.ts";
import { barePath } from "../flows/live-routes.ts";
import { asksRestart, isEntryPath } from "#engine/flow/routes.ts";
import { pageRun } from "../quiz/page-run.ts";
import { visitorCookie } from "../quiz/quiz-visitor.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built app from dist/: hashed assets cached for a year, index.html never cached,
 * and every page (not /api) answered with index.html (404 where the app has no page). Content images come from content/images.
 */
export async function registerSpa(app: FastifyInstance, options: { distDir: string; imagesDir: string }): Promise<boolean> {
  await app.register(fastifyStatic, {
    root: options.imagesDir,
    prefix: "/content-images/",
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => void res.header("cache-control", "public, max-age=86400"),
  });
  const index = join(options.distDir, "index.html");
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: "/",
    index: false,
    wildcard: false,
    // dist/ holds .br and .gz copies made at build time (scripts/vite/precompress-plugin.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, sent) => {
      // The file sent may be its precompressed copy (index.html.br): decide by the file it stands for.
      const path = sent.replace(/\.(br|gz)$/, "");
      const cache = path.includes(`${join(options.distDir, "assets")}`) ? IMMUTABLE : "public, max-age=3600";
      void res.header("cache-control", path.endsWith(".html") ? "no-cache" : cache);
    },
  });
  return true;
}

/**
 * 404 for unknown API paths. A page request gets the app's index.html with its boot data
 * (app-shell.ts): with 200 at a path the app
 * has a page for (schemas/pages/route-patterns.ts and the live funnels' paths, as they are at this
 * request: a published flow's new path is a page, a path no live flow claims any more is not, ADR 066),
 * with 404 elsewhere, where the app shows its not-found page (docs/decisions/018-unknown-paths-and-failed-logout.md).
 */
export async function registerFallback(app: FastifyInstance, distDir: string | null, options: { secureCookies: boolean }): Promise<void> {
  const flows = app.services.flows;
  const visitor = visitorCookie(options.secureCookies);
  const renderer = distDir ? await loadServerRender(distDir, app.log, () => app.services.clock.now().getTime()) : null;
  // The first screens visitors land on come rendered (ADR 039): a funnel's entries, and the site's public pages.
  const renderScreen: RenderScreen | null = renderer
    ? async (request, reply, boot, catalogEtag, shown) => {
        // For a customer whose session is proven, their account page (ADR 075); for everyone else the public pages.
        const { customer } = shown;
        // A funnel's page is drawn at its entries only: further in, what shows is the visitor's run (their
        // offer, their next question), which the browser resumes; the first step drawn there flashed
        // before it, and moved the page when the run replaced it.
        const record = customer ? customerRenderedPage(request.url) : shown.flow ? (shown.entry ? funnelPageRecord : null) : serverRenderedPage(request.url);
        if (!record) return null;
        // A customer's page draws no funnel variant: it needs, and sets, no visitor cookie.
        const visitor = customer ? customer.id : visitorOf(request, reply, options.secureCookies);
        const { screen, how } = await renderer.render({
          url: request.url,
          reads: record.reads ?? [],
          // The banner is part of the first screen exactly when the visitor has not chosen (ADR 055).
          boot: { ...boot, consented: readConsentCookie(request.headers.cookie) !== null },
          catalogEtag,
          flow: shown.flow,
          visitor,
          api: visitorApi(request, Boolean(customer)),
          client: request.ip,
          personal: Boolean(customer),
        });
        // How this page's first screen came (ADR 054): kept from an earlier render, rendered now, or left to the browser.
        void reply.header("server-timing", `render;desc="${how}"`);
        return screen;
      }
    : null;
  /**
   * The customer this page's session cookie proves, as GET /api/auth/customer answers it (ADR 051:
   * an unproven session, an ended one or none is nobody), or null. A renewed session's cookie is passed on.
   */
  const provenCustomer = async (request: FastifyRequest, reply: FastifyReply): Promise<Customer | null> => {
    const res = await app.inject({ method: "GET", url: "/api/auth/customer", headers: { accept: "application/json", cookie: request.headers.cookie ?? "" } });
    const renewed = res.headers["set-cookie"];
    if (renewed !== undefined) void reply.header("set-cookie", renewed);
    if (res.statusCode !== 200) return null;
    const parsed = customerSchema.safeParse(res.json<{ data?: unknown }>().data);
    return parsed.success ? parsed.data : null;
  };
  /**
   * The API as this visitor's browser would see it (server-render.ts VisitorApi): anonymous, or, for a
   * customer's account page, with the page's own cookies, so every answer is that customer's.
   */
  const visitorApi = (request: FastifyRequest, withCookies = false): VisitorApi => {
    const geo = app.services.env.GEO_COUNTRY_HEADER;
    const headers: Record<string, string> = { accept: "application/json" };
    if (withCookies && request.headers.cookie) headers.cookie = request.headers.cookie;
    for (const name of ["accept-language", ...(geo ? [geo] : [])]) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    return {
      locale: locate(request.headers, geo).currency,
      fetch: async (input, init) => {
        const res = await app.inject({
          method: init?.method === "POST" ? "POST" : "GET",
          url: typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
          headers,
          payload: typeof init?.body === "string" ? init.body : undefined,
        });
        const sent = Object.entries(res.headers).filter((e): e is [string, string] => typeof e[1] === "string");
        return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: sent });
      },
    };
  };
  const { META_PIXEL_ID: meta, TIKTOK_PIXEL_ID: tiktok } = app.services.env;
  const pixels = { ...(meta ? { meta } : {}), ...(tiktok ? { tiktok } : {}) };
  const shell = distDir ? createAppShell(distDir, () => app.services.catalog.get(), renderScreen, pixels) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const isPage = (request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api/");
    if (shell && isPage && !/\.[a-z0-9]+$/i.test(path)) {
      const page = await pageAt(path);
      const session = hasSessionCookie(request);
      // The account for whom the cookie proves (ADR 075); nobody proven goes to the login page, where the app would send them.
      if (customerRenderedPage(path) && !skipsLoginCheck(request.url)) {
        page.customer = session ? await provenCustomer(request, reply) : null;
        if (!page.customer) return reply.header("cache-control", "private, no-store").redirect(loginThenGo(request.url), 302);
      } else if (session && matchesPattern(routePatterns.login, path)) {
        // The login page a cookie that proves nobody is sent to: drawn by the server, as for a visitor without one.
        page.customer = await provenCustomer(request, reply);
      }
      // The run this browser resumes comes with a funnel's page (ADR 078), unless a restart link asks
      // for a new one (ADR 077). At an entry, only a run with answers: the visitor's own place, drawn by
      // the browser as further in, instead of the first step the server draws for everyone (which
      // showed until the app moved on to their place).
      if (page.flow && !asksRestart(request.url.slice(path.length))) {
        const run = await pageRun(app.services.db, visitor, request, page.flow);
        if (run && (!page.entry || Object.keys(run.answers).length > 0)) Object.assign(page, { run, entry: false });
      }
      void reply.status(page.flow || isKnownPage(path) ? 200 : 404).header("cache-control", "no-cache");
      return shell(request, reply, page);
    }
    return reply.status(404).send({ error: { code: "not_found", message: `No route for ${request.method} ${path}` } });
  });

  /**
   * The home page and funnel pages get their module announced; a funnel page its flow, and the count
   * its social-proof line shows. Every page the live routes the build's router lacks.
   */
  async function pageAt(path: string): Promise<ShellPage> {
    const routes = flows.routes();
    const added = { version: routes.version, routes: routes.added };
    if (path === "/") return { module: "home", added };
    const code = routes.flowAt.get(barePath(path));
    const flow = code ? flows.byCode(code) : null;
    if (!flow) return { added };
    const proof = flow.steps.some((s) => s.kind === "info" && s.socialProof);
    return {
      module: "funnel",
      // As the browser gets it: without the follow-ups, with its report's claims rule (src/server/reports/browser-flow.ts).
      flow: app.services.reports.browserFlow(flow),
      entry: isEntryPath(flow, barePath(path)),
      added,
      ...(proof ? { finished30d: await app.services.flowStats.finishedLast30Days(flow.code) } : {}),
    };
  }
}
