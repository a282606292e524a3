import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Database, Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createMailSender } from "./mail/mail-sender.ts";
import { createConversions } from "./conversions/conversions.ts";
import { createAuthTokens } from "./auth/auth-tokens.ts";
import { createCatalogCache } from "./payments/catalog-cache.ts";
import { supportAddress } from "./platform/support-address.ts";
import { createFlowStats } from "./quiz/flow-stats.ts";
import type { Clock } from "./platform/clock.ts";
import { createPaymentProviders } from "./payments/registry.ts";
import { createLogForwarder } from "./platform/log-forwarder.ts";
import { createRateLimiter } from "./platform/rate-limiter.ts";
import { createFlows } from "./flows/flows.ts";
import { createSessions } from "./auth/sessions.ts";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import type { CoachingConfig } from "#schemas/content/coaching.ts";
import { DEFAULT_RENEWAL_REMINDERS, type RenewalReminders } from "#schemas/content/renewal-reminders.ts";
import type { CareerToolkit } from "#schemas/api/career-toolkit.ts";
import type { ReportTemplates } from "./reports/read-report-templates.ts";
import { createReportService } from "./reports/report-service.ts";
import { createVersionFollower } from "./flows/follow-versions.ts";

export type AppDeps = {
  env: Env;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  fetch?: typeof fetch;
  /** The compiled funnels (flows/*.yaml), checked at start; none when left out. */
  flows?: readonly CompiledFlow[];
  /** Each flow file's text by its `file` (the start-up loader's), recorded as its deployed version (ADR 066). */
  flowSources?: ReadonlyMap<string, string>;
  /** The content folder the app was started with (CONTENT_DIR unless given): publishing checks against it. */
  contentDir?: string;
  /** Report templates (content/reports) and the account content reports link to; none when left out. */
  reports?: { templates: ReportTemplates; library: ReportLibrary };
  /** The career toolkit (content/career-toolkit), resolved against the account's content at start; none when left out. */
  careerToolkit?: CareerToolkit;
  /** Coaching sessions, the coach's hours and the booking rules (content/coaching), checked at start; none when left out. */
  coaching?: CoachingConfig;
  /** How long before a trial ends or a long plan renews the customer is reminded (content/billing); today's defaults when left out. */
  renewalReminders?: RenewalReminders;
};

/** Everything a route may use, built once per app from its dependencies. */
export function createServices(deps: AppDeps) {
  const db: Db = deps.database.db;
  const flows = createFlows(deps.flows ?? []);
  /** The outbox sender: queue with `queueMail(tx, …)` inside the change's transaction, then `mail.kick()`. */
  const mail = createMailSender(db, deps.mailer, { intervalSeconds: deps.env.MAIL_SEND_INTERVAL_SECONDS, replyTo: () => supportAddress(db) });
  const reports = createReportService(db, flows, deps.reports?.templates ?? new Map(), deps.reports?.library ?? { plans: [], articles: [], tools: [] }, {
    intervalSeconds: 5,
    appOrigin: deps.env.APP_ORIGIN,
    onReady: () => mail.kick(),
  });
  return {
    env: deps.env,
    database: deps.database,
    db,
    clock: deps.clock,
    mailer: deps.mailer,
    mail,
    /** Conversion events for the ad platforms: `conversions.queue.*(tx, …)` inside the change's transaction, then `conversions.kick()`. */
    conversions: createConversions(db, deps.env, deps.fetch ?? fetch),
    limiter: createRateLimiter(db, deps.clock),
    catalog: createCatalogCache(db, deps.clock),
    flowStats: createFlowStats(db, deps.clock),
    sessions: createSessions(db, deps.clock),
    authTokens: createAuthTokens(db, deps.clock),
    flows,
    contentDir: deps.contentDir ?? deps.env.CONTENT_DIR,
    careerToolkit: deps.careerToolkit ?? null,
    coaching: deps.coaching ?? null,
    renewalReminders: deps.renewalReminders ?? DEFAULT_RENEWAL_REMINDERS,
    /** Personal reports: templates, and the worker that builds the paid ones (kick it after a payment commits). */
    reports,
    /** The flow and template versions this process has live, one change at a time, following what other processes record (ADR 066). */
    versions: createVersionFollower(db, flows, reports),
    logForwarder: createLogForwarder(deps.env.LOG_WEBHOOK_URL, deps.fetch ?? fetch),
    /** max_pay and pay_pro behind one interface (src/server/payments/provider.ts). */
    payments: createPaymentProviders(deps.env, db, deps.fetch ?? fetch),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}
