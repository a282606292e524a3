import type { FastifyBaseLogger } from "fastify";
import type { Mailer, Message } from "../mail/mailer.ts";

/**
 * Sends without making the caller wait, so response time does not reveal whether an
 * address has an account. Failures are logged with the template name, never the address.
 * `drain()` waits for every send under way (used at shutdown, and by tests).
 */
export function createBackgroundMail(mailer: Mailer) {
  const pending = new Set<Promise<void>>();
  return {
    send(log: FastifyBaseLogger, kind: string, message: Message): void {
      const sending = mailer
        .send(message)
        .catch((err: unknown) => log.error({ err, kind }, "could not send e-mail"))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type BackgroundMail = ReturnType<typeof createBackgroundMail>;
