import type { FollowUp } from "#schemas/flow/follow-ups.ts";
import type { Message } from "../mailer.ts";
import { render } from "./layout.ts";

type LeadFollowUp = {
  to: string;
  /** The flow's follow-up: subject, paragraphs and button label, as its YAML writes them. */
  copy: FollowUp;
  quizTitle: string;
  /** What the free summary says of their result (the teaser's summary, built by the report engine). */
  summary: string;
  /** Back to their own pre-checkout, through our server (it counts the click). */
  url: string;
  /** The one-click unsubscribe address (RFC 8058). */
  unsubscribeUrl: string;
};

/**
 * A flow's follow-up to a lead who did not buy: its own words, the visitor's free summary, the
 * button back to their pre-checkout, and the one-click unsubscribe both as headers (RFC 8058, which
 * mail clients show as "Unsubscribe") and as a link in the footnote.
 */
export function leadFollowUpEmail(m: LeadFollowUp): Message {
  const message = render(m.to, {
    subject: m.copy.subject,
    preheader: m.copy.body[0]!,
    paragraphs: [...m.copy.body, `What your free summary of “${m.quizTitle}” says: ${m.summary}`],
    action: { label: m.copy.button, url: m.url },
    footnote: `You get this because you left this address in the Pathwise quiz “${m.quizTitle}” and allowed marketing e-mails. To stop every reminder like this one, open ${m.unsubscribeUrl}`,
  });
  return { ...message, headers: { "List-Unsubscribe": `<${m.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}
