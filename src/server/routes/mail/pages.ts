import { escapeHtml, ICON_LINK } from "#server/html.ts";

/** The small page the unsubscribe address answers with, in the e-mails' look (no app bundle: it must work from any mail client). */
export const mailPage = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">${ICON_LINK}<title>${escapeHtml(title)} · Pathwise</title>
<meta name="robots" content="noindex">
<style>body{margin:0;background:#f4f6f8;font:16px/1.5 Arial,Helvetica,sans-serif;color:#1d2733}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:32px}
.brand{font-size:18px;font-weight:700;color:#1f4e79;margin:0 0 24px}
button{background:#1f4e79;color:#fff;border:0;padding:12px 22px;border-radius:8px;font:600 16px Arial,Helvetica,sans-serif;cursor:pointer}
a{color:#1f4e79}</style></head>
<body><main><p class="brand">Pathwise</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
