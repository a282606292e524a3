import type { PgTable } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

/**
 * What each table of the schema is to a customer's data (ADR 029, ADR 071): the one place that says
 * whether the account export (src/server/accounts/account-export.ts) shows a table and what the
 * account deletion (src/server/accounts/account-deletion.ts) does to it. A new table is a type
 * error here until it is declared, and tests/integration/customer-data.test.ts fails when the
 * export or the deletion does not do what its line says.
 */
type CustomerData =
  | {
      holds: "customer data";
      /** Whether the export reads it (the customer gets a copy). */
      exported: boolean;
      /**
       * On deletion: its rows go (`deleted`, by a statement or with a row they belong to), are
       * rewritten so they no longer point at the person (`rewritten`), or stay as they are (`kept`).
       */
      onDeletion: "deleted" | "rewritten" | "kept";
      reason: string;
    }
  | { holds: "no customer data"; reason: string };

type Schema = typeof schema;
/** Every table the schema exports, by its name there. */
type TableName = { [K in keyof Schema]: Schema[K] extends PgTable ? K : never }[keyof Schema];

const customer = (exported: boolean, onDeletion: "deleted" | "rewritten" | "kept", reason: string): CustomerData => ({
  holds: "customer data",
  exported,
  onDeletion,
  reason,
});
const none = (reason: string): CustomerData => ({ holds: "no customer data", reason });

export const customerData: Record<TableName, CustomerData> = {
  customers: customer(true, "rewritten", "The account; its row keeps only its id, for the payment records, with an unreachable address."),
  sessions: customer(false, "deleted", "Login sessions (a hash of the cookie): nothing to read, and every one ends with the account."),
  authTokens: customer(false, "deleted", "E-mailed single-use tokens (a hash): nothing to read, and none may work after the deletion."),
  rateLimits: none("Counters per IP address or key, for a few minutes; no customer's id."),
  quizSessions: customer(true, "deleted", "The customer's quizzes and scores."),
  quizSessionVisitors: customer(false, "deleted", "Hashes of the browsers that may continue a quiz; they go with the quiz."),
  quizAnswers: customer(true, "deleted", "The answers, exported with their quiz; they go with it."),
  quizEvents: customer(false, "deleted", "Analytics of a quiz's steps (views, answers, variants); they go with the quiz."),
  quizSessionSteps: customer(false, "deleted", "When each step of a quiz was seen and answered (analytics); it goes with the quiz."),
  quizSessionMoves: customer(false, "deleted", "Which step a quiz went to from which (analytics); they go with the quiz."),
  checkoutRefusals: customer(false, "deleted", "Why a quiz's checkout was refused (analytics); it goes with the quiz."),
  funnelStepDays: none("Counts per funnel, day and step; no person in them."),
  funnelStepSeconds: none("Counts of seconds per funnel and step; no person in them."),
  funnelMoveDays: none("Counts per funnel, day, variants and move between steps; no person in them."),
  funnelRunDays: none("Counts of runs per funnel, day, variants and last step; no person in them."),
  adSpend: none("What the ads cost per day, source and campaign; imported by staff."),
  products: none("The plans for sale, from content/."),
  orders: customer(true, "kept", "Payment records, kept for the accounts (ADR 029): the customer row keeps its id for them."),
  paymentEvents: none("The providers' notifications as they came: the payment records' inbox, keyed by the provider's ids."),
  paymentProviderRefs: customer(false, "kept", "Which provider ids belong to an order: kept with the order it binds."),
  checkoutCaptures: customer(false, "deleted", "What the browser told us for ad platforms at checkout (ADR 056); nothing of it is kept."),
  conversionOutbox: customer(false, "rewritten", "Events for ad platforms and webhooks: those not sent are cancelled and emptied (ADR 056)."),
  subscriptions: customer(true, "kept", "Plans and their billing, cancelled first with the provider; kept as payment records."),
  subscriptionActions: customer(true, "kept", "Each change to a plan, exported with it; kept with the plan."),
  entitlements: customer(false, "kept", "Which reports a paid order unlocked; kept with the orders they come from."),
  reportRequests: customer(true, "deleted", "The customer's reports."),
  catalogEntries: none("Catalogue texts, from content/."),
  articles: none("Articles, from content/."),
  tools: none("Tools, from content/."),
  professions: none("Professions, from content/."),
  eduPlans: none("Education plans, from content/."),
  customerEduPlans: customer(true, "deleted", "The plans the customer took."),
  customerEduPlanProgress: customer(true, "deleted", "What the customer completed in a plan."),
  toolEntries: customer(true, "deleted", "What the customer wrote in the tools."),
  coachBookings: customer(true, "deleted", "The customer's coaching sessions; upcoming ones are cancelled with the coach first."),
  feedback: customer(true, "rewritten", "Feedback is exported, and kept without the customer's id (unlinked)."),
  mailOutbox: customer(false, "kept", "E-mails queued or sent: bodies are cleared once sent; the goodbye e-mail is queued here."),
  leadFollowUps: customer(false, "rewritten", "Lead follow-ups: cancelled and their address replaced by the unreachable one (ADR 060)."),
  followUpOptOuts: none("SHA-256 of addresses that unsubscribed: kept, so the opt-out outlives the account (ADR 060)."),
  webhookEndpoints: none("The team's own webhook endpoints, set by staff."),
  flowVersions: none("Every live version of a flow or report template."),
};
