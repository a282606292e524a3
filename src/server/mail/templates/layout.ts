import { timeZoneOrUtc, zoneName } from "#schemas/content/time-zone.ts";
import type { Message } from "../mailer.ts";
import { escapeHtml } from "#server/html.ts";

export type Email = {
  subject: string;
  preheader: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
  /**
   * For an e-mail that writes a date or a time: the customer's IANA time zone they are written in
   * (null: UTC). The e-mail then names it once, under the paragraphs.
   */
  zone?: string | null;
};

/** "Dates and times in this e-mail are in Europe/Berlin time." */
const zoneSentence = (zone: string | null) => `Dates and times in this e-mail are in ${zoneName(timeZoneOrUtc(zone))}.`;

/** Renders one e-mail as HTML (inline styles, as mail clients need) and plain text. */
export function render(to: string, email: Email): Message {
  const paragraphs = email.zone === undefined ? email.paragraphs : [...email.paragraphs, zoneSentence(email.zone)];
  const action = email.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(email.action.url)}" style="background:#1f4e79;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(email.action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(email.action.url)}</span></p>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(email.subject)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d2733">
<span style="display:none">${escapeHtml(email.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="font-size:18px;font-weight:700;color:#1f4e79;margin:0 0 24px">Pathwise</p>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
${action}
<p style="font-size:13px;line-height:1.5;color:#555;margin-top:32px">${escapeHtml(email.footnote)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [...paragraphs, ...(email.action ? [`${email.action.label}: ${email.action.url}`] : []), "", email.footnote, "", "Pathwise"].join("\n\n");
  return { to, subject: email.subject, html, text };
}
