// URL: GET /dev/conversions (development only)
import { desc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { conversionEvent } from "#server/conversions/conversion-event.ts";
import { DESTINATIONS } from "#server/conversions/destinations/registry.ts";
import { conversionOutbox } from "#server/db/schema.ts";
import { escapeHtml, ICON_LINK } from "#server/html.ts";

const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">${ICON_LINK}<title>Conversion events</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1d2733}
table{border-collapse:collapse;width:100%}td,th{text-align:left;vertical-align:top;padding:.5rem;border-bottom:1px solid #d5dbe1}
pre{white-space:pre-wrap;word-break:break-all;background:#f4f6f8;padding:.75rem;border-radius:8px;margin:0;font-size:13px}
@media (max-width:720px){thead{display:none}tr,td{display:block}td{border:0;padding:.25rem 0}tr{border-bottom:1px solid #d5dbe1;padding:.75rem 0}}</style></head>
<body><main>${body}</main></body></html>`;

/**
 * The conversion outbox as the platforms would receive it (ADR 056): one row per (destination, event)
 * with the request each destination builds. In development without credentials the rows are kept
 * here and never sent; with credentials they show what was sent and how it went. Never in production.
 */
export const devConversionRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  app.get("/", { schema: { hide: true } }, async (_request, reply) => {
    const rows = await services.db.select().from(conversionOutbox).orderBy(desc(conversionOutbox.createdAt)).limit(200);
    const cells = rows.map((row) => {
      const destination = DESTINATIONS[row.destination];
      const event = conversionEvent.safeParse(row.event);
      const request = destination && event.success ? destination.preview(services.env).request(event.data) : null;
      const shown = request ? `POST ${request.url}\n\n${JSON.stringify(request.body, null, 2)}` : "(no event: cancelled or not readable)";
      const outcome = [row.status, row.lastStatus ? `HTTP ${row.lastStatus}` : "", row.lastError ?? ""].filter(Boolean).join(" · ");
      return `<tr><td>${escapeHtml(row.createdAt.toISOString().replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(row.destination)}</td>
<td>${escapeHtml(row.kind)}<br><code>${escapeHtml(row.eventId)}</code></td><td>${escapeHtml(outcome)}</td><td><pre>${escapeHtml(shown)}</pre></td></tr>`;
    });
    const intro =
      services.conversions.mode === "preview"
        ? "<p>Development only: no destination has credentials, so the events the server would send are kept here and never sent. Set the variables in the README's “Conversion events” section to send them.</p>"
        : "<p>Development only: the events queued for the destinations that have credentials, and how each delivery went.</p>";
    const table = rows.length
      ? `<table><thead><tr><th>Queued (UTC)</th><th>Destination</th><th>Event</th><th>Status</th><th>Request (credentials shown by their variable's name)</th></tr></thead><tbody>${cells.join("")}</tbody></table>`
      : "<p>No conversion event yet: one is queued at a quiz's e-mail step and when a payment is confirmed, for a visitor who allowed marketing.</p>";
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(page(`<h1>Conversion events</h1>${intro}${table}`));
  });
};
