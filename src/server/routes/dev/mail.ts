// URL: GET /dev/mail, GET /dev/mail/:file (development only)
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { join } from "node:path";
import { z } from "zod";
import { listOutbox, readOutboxMessage } from "#server/mail/outbox.ts";
import { escapeHtml, ICON_LINK } from "#server/html.ts";

const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">${ICON_LINK}<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1d2733}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #d5dbe1}
pre{white-space:pre-wrap;background:#f4f6f8;padding:1rem;border-radius:8px}a{color:#1f4e79}</style></head>
<body><main>${body}</main></body></html>`;

/** The development outbox: every e-mail the app "sent", readable in the browser. Never in production. */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = join(app.services.env.DATA_DIR, "mail");

  app.get("/", { schema: { hide: true } }, async (_request, reply) => {
    const files = await listOutbox(dir);
    const messages = (await Promise.all(files.slice(0, 200).map((f) => readOutboxMessage(dir, f)))).filter((m) => m !== null);
    const rows = messages
      .map(
        (m) => `<tr><td>${escapeHtml(m.date.replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>
<td><a href="/dev/mail/${encodeURIComponent(m.file)}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join("");
    const body = messages.length
      ? `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<p>No e-mail has been sent yet.</p>";
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(
        page(
          "Outbox",
          `<h1>Outbox</h1>
<p>Development only: e-mails are written to <code>${escapeHtml(dir)}</code> instead of being sent. Set <code>SMTP_URL</code> to send real mail.</p>${body}`,
        ),
      );
  });

  app.get("/:file", { schema: { hide: true, params: z.strictObject({ file: z.string().regex(/^[\w.-]+\.eml$/) }) } }, async (request, reply) => {
    const message = await readOutboxMessage(dir, request.params.file);
    if (!message)
      return reply.status(404).type("text/html").send(page("Not found", '<h1>No such message</h1><p><a href="/dev/mail">Back to the outbox</a></p>'));
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(
        page(
          message.subject,
          `<p><a href="/dev/mail">← Outbox</a></p>
<h1>${escapeHtml(message.subject)}</h1><p>To: ${escapeHtml(message.to)}<br>Reply-To: ${escapeHtml(message.replyTo || "none")}<br>Sent: ${escapeHtml(message.date)}</p><pre>${linkify(message.text)}</pre>${message.attachments
            .map((a) => `<h2>Attachment: ${escapeHtml(a.filename)}</h2><p>${escapeHtml(a.contentType)}</p><pre>${escapeHtml(a.content)}</pre>`)
            .join("")}`,
        ),
      );
  });
};
