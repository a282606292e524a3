import type { FastifyBaseLogger } from "fastify";
import type { RenewalReminders } from "#schemas/content/renewal-reminders.ts";
import type { Db } from "#server/db/client.ts";
import type { MailSender } from "#server/mail/mail-sender.ts";
import type { Conversions } from "#server/conversions/conversions.ts";
import type { SubscriptionProvider } from "../subscriptions-provider.ts";

/** What the renewal job and its two reminder passes (pause-reminders.ts, renewal-reminders.ts) run on. */
export type RenewalDeps = {
  db: Db;
  provider: SubscriptionProvider;
  /** Kicked after a commit that queued mail. */
  mail: Pick<MailSender, "kick">;
  /** A renewal charge queues its conversion event (ADR 056); kicked after the commit. */
  conversions: Pick<Conversions, "queue" | "kick">;
  log: FastifyBaseLogger;
  appOrigin: string;
  /** Lead times of the reminders before a trial ends or a long plan renews (content/billing); today's defaults when left out. */
  reminders?: RenewalReminders;
};
