import type { FastifyInstance } from "fastify";
import { listedPagePaths, unrenderedPagePrefixes } from "#schemas/pages/route-patterns.ts";
import { escapeHtml } from "../html.ts";

/** A crawler may keep both for an hour: they change only with a new start (the flows) or a release (the pages). */
const CACHE = "public, max-age=3600";

/**
 * robots.txt and sitemap.xml (ADR 054), derived, never a hand list: the sitemap holds the site pages
 * the route record lists (schemas/pages/route-patterns.ts `listed`) and the start of every funnel
 * the home page lists (a flow with a card); robots.txt keeps crawlers out of the API and of the
 * pages the server does not render, and names the sitemap. Every address is on APP_ORIGIN.
 */
export function registerSiteMaps(app: FastifyInstance, appOrigin: string): void {
  const pages = () => [...listedPagePaths(), ...app.services.flows.all().flatMap((flow) => (flow.card ? [flow.paths.start] : []))];

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const urls = [...new Set(pages())].map((path) => `  <url><loc>${escapeHtml(`${appOrigin}${path}`)}</loc></url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return reply.type("application/xml; charset=utf-8").header("cache-control", CACHE).send(xml);
  });

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) => {
    const listed = pages();
    // A prefix a listed page starts with (a funnel at /feedback-…) would hide it: left out.
    const prefixes = unrenderedPagePrefixes().filter((prefix) => !listed.some((path) => path.startsWith(prefix)));
    const disallowed = ["/api/", ...prefixes].map((prefix) => `Disallow: ${prefix}`);
    const text = ["User-agent: *", ...disallowed, "", `Sitemap: ${appOrigin}/sitemap.xml`, ""].join("\n");
    return reply.type("text/plain; charset=utf-8").header("cache-control", CACHE).send(text);
  });
}
