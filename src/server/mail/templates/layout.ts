import { timeZoneOrUtc, zoneName } from "#schemas/content/time-zone.ts";
import type { Message } from "../mailer.ts";
import { escapeHtml } from "#server/html.ts";

/** A link in an e-mail: the text part writes it as "label: URL" on a line of its own. */
type MailLink = { label: string; url: string };

/**
 * A paragraph of words, or words with a link after them. An address is never written inside a
 * sentence: in the text part a mail client can click only a bare URL, and one in brackets or
 * before a full stop takes the bracket or the stop into the link (plain-text-links.test.ts).
 */
export type Paragraph = string | { text: string; link: MailLink };

export type Email = {
  subject: string;
  preheader: string;
  paragraphs: Paragraph[];
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

const P = '<p style="font-size:16px;line-height:1.5;margin:0 0 16px">';

const paragraphHtml = (p: Paragraph) =>
  typeof p === "string"
    ? `${P}${escapeHtml(p)}</p>`
    : `${P}${escapeHtml(p.text)}<br>${escapeHtml(p.link.label)}: <a href="${escapeHtml(p.link.url)}" style="color:#1f4e79;word-break:break-all">${escapeHtml(p.link.url)}</a></p>`;

/** The plain-text part's line for a link: its label, a colon, the bare URL and nothing after it. */
const linkLine = (link: MailLink) => `${link.label}: ${link.url}`;

const paragraphText = (p: Paragraph) => (typeof p === "string" ? p : `${p.text}\n${linkLine(p.link)}`);

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
${paragraphs.map(paragraphHtml).join("\n")}
${action}
<p style="font-size:13px;line-height:1.5;color:#555;margin-top:32px">${escapeHtml(email.footnote)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [...paragraphs.map(paragraphText), ...(email.action ? [linkLine(email.action)] : []), "", email.footnote, "", "Pathwise"].join("\n\n");
  return { to, subject: email.subject, html, text };
}
