import type { Mailer } from "./mailer.ts";
import type { OutboxRow } from "./outbox-claims.ts";

/**
 * Hands one claimed row to the transport, with the batch's Reply-To. Throws when the transport
 * fails or does not answer within `timeoutSeconds`.
 */
export function sendOutboxRow(mailer: Mailer, row: OutboxRow, replyTo: string | null, timeoutSeconds: number): Promise<void> {
  return withTimeout(
    mailer.send({
      to: row.recipient,
      subject: row.subject,
      text: row.text ?? "",
      html: row.html ?? "",
      ...(row.attachments ? { attachments: row.attachments } : {}),
      ...(row.headers ? { headers: row.headers } : {}),
      ...(replyTo ? { replyTo } : {}),
    }),
    timeoutSeconds,
  );
}

function withTimeout<T>(promise: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail transport did not answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
