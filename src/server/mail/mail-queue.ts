import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Message } from "./mailer.ts";

/** Every e-mail the server writes, by template; logged and kept for support, never the address. */
export type MailKind =
  | "receipt"
  | "payment-refunded"
  | "login-link"
  | "staff-invite"
  | "password-reset"
  | "password-changed"
  | "resume-quiz"
  | "subscription-renewed"
  | "subscription-payment-failed"
  | "subscription-pause"
  | "subscription-discount"
  | "subscription-cancel"
  | "subscription-restart"
  | "subscription-resume-reminder"
  | "subscription-renewal-reminder"
  | "report-ready"
  | "email-change-authorize"
  | "email-change-confirm"
  | "email-change-requested"
  | "email-changed"
  | "account-deletion-link"
  | "account-deleted"
  | "coaching-change"
  | "coaching-notice"
  | "lead-follow-up";

/**
 * Writes one e-mail to the outbox (`mail_outbox`). Pass the transaction that makes the change the
 * e-mail reports, so both commit or neither does: a crash after the commit no longer loses the mail,
 * and a rolled-back change sends none. The mail sender delivers it; call `services.mail.kick()`
 * after the commit so it goes out at once. A `dedupeKey` that was queued before queues nothing
 * (e.g. one receipt per order); the answer says whether this call queued it.
 */
export async function queueMail(tx: Db, kind: MailKind, message: Message, options: { dedupeKey?: string } = {}): Promise<boolean> {
  const rows = await tx
    .insert(mailOutbox)
    .values({
      kind,
      dedupeKey: options.dedupeKey ?? null,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.length ? message.attachments : null,
      headers: message.headers ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}
