import { eq } from "drizzle-orm";
import { conversionEventId, type ConversionKind } from "#schemas/conversions/events.ts";
import type { Db } from "../db/client.ts";
import { checkoutCaptures, conversionOutbox, customers, orders, quizSessions, subscriptions, type QuizAttribution } from "../db/schema.ts";
import { deletedAddress } from "../auth/deleted-address.ts";
import { hashedEmail, sha256, withoutIdentifiers, type ConversionEvent } from "./conversion-event.ts";
import { marketingAllowed } from "./consent-rule.ts";
import { webhookDestinations, type ActiveDestination } from "./destinations/registry.ts";
import { serverGaClientId, type VisitorSignals } from "./visitor-signals.ts";

type QueueDeps = { active: ActiveDestination[]; mode: "send" | "preview"; appOrigin: string };

/** Meta's click id cookie rebuilt from the landing's fbclid: `fb.1.<landing time ms>.<fbclid>`. */
const fbcFrom = (fbclid: string | undefined, landedAt: Date) => (fbclid ? `fb.1.${landedAt.getTime()}.${fbclid}` : null);

async function sessionOf(tx: Db, id: string | null) {
  if (!id) return null;
  const [row] = await tx
    .select({
      id: quizSessions.id,
      flowCode: quizSessions.flowCode,
      consent: quizSessions.consent,
      createdAt: quizSessions.createdAt,
      attribution: quizSessions.attribution,
    })
    .from(quizSessions)
    .where(eq(quizSessions.id, id));
  return row ?? null;
}

/**
 * One row per destination that takes the kind; a row already there (a retry, a second notification)
 * stays as it is. The ad platforms only with marketing consent; the team's webhook endpoints without
 * the identifiers they never receive (ADR 061), and always sent, development included.
 */
async function insertRows(tx: Db, deps: QueueDeps, to: Recipients, customerId: string, event: ConversionEvent): Promise<void> {
  const row = (label: string, stored: ConversionEvent, status: "queued" | "preview") => ({
    destination: label,
    kind: event.kind,
    eventId: event.eventId,
    customerId,
    event: stored,
    status,
  });
  const platformStatus = deps.mode === "preview" ? "preview" : "queued";
  const rows = [
    ...to.platforms.filter((a) => a.destination.takes(event.kind)).map((a) => row(a.destination.label, event, platformStatus)),
    ...to.webhooks.filter((a) => a.destination.takes(event.kind)).map((a) => row(a.destination.label, withoutIdentifiers(event), "queued")),
  ];
  if (rows.length > 0) await tx.insert(conversionOutbox).values(rows).onConflictDoNothing();
}

type Recipients = { platforms: ActiveDestination[]; webhooks: ActiveDestination[] };

/** Who gets an event: the ad platforms if marketing is allowed (consent-rule.ts), the enabled webhook endpoints either way. */
const recipients = (deps: QueueDeps, webhooks: ActiveDestination[], marketing: boolean): Recipients => ({
  platforms: marketing ? deps.active : [],
  webhooks,
});

/** What a webhook tells the team's systems about where the event came from (ADR 061). */
const originOf = (customerId: string, session: { flowCode: string; attribution: QuizAttribution } | null): ConversionEvent["origin"] => ({
  customerId,
  flowCode: session?.flowCode ?? null,
  utmSource: session?.attribution.utm?.utm_source ?? null,
  utmMedium: session?.attribution.utm?.utm_medium ?? null,
  utmCampaign: session?.attribution.utm?.utm_campaign ?? null,
});

/**
 * Queues conversion events in the caller's transaction (ADR 056), so the event commits with what
 * happened or not at all; the conversion sender delivers them. Nothing reaches an ad platform without
 * marketing consent (consent-rule.ts); nothing is queued about an erased account. Webhook endpoints
 * are our own systems and get their kinds whatever the marketing choice (ADR 061).
 */
export function createConversionQueue(deps: QueueDeps) {
  return {
    /** The e-mail step of a quiz session: `lead`, once per session. */
    async lead(tx: Db, input: { sessionId: string; customerId: string; email: string; signals: VisitorSignals; at: Date }): Promise<void> {
      const webhooks = await webhookDestinations(tx);
      if (deps.active.length === 0 && webhooks.length === 0) return;
      const session = await sessionOf(tx, input.sessionId);
      const [customer] = await tx.select({ consent: customers.consent }).from(customers).where(eq(customers.id, input.customerId));
      if (!session || !customer) return;
      const to = recipients(deps, webhooks, marketingAllowed(session.consent, customer.consent));
      if (to.platforms.length + to.webhooks.length === 0) return;
      const s = input.signals;
      await insertRows(tx, deps, to, input.customerId, {
        kind: "lead",
        eventId: conversionEventId("lead", session.id),
        eventTime: Math.floor(input.at.getTime() / 1000),
        sourceUrl: s.sourceUrl ?? deps.appOrigin,
        value: null,
        currency: null,
        orderId: null,
        user: {
          emailSha256: hashedEmail(input.email),
          externalIdSha256: sha256(input.customerId),
          clientIp: s.clientIp,
          userAgent: s.userAgent,
          fbp: s.fbp,
          fbc: s.fbc ?? fbcFrom(session.attribution.fbclid, session.createdAt),
          gaClientId: s.gaClientId ?? serverGaClientId(session.id, session.createdAt),
          ttclid: session.attribution.ttclid ?? null,
        },
        origin: originOf(input.customerId, session),
      });
    },

    /**
     * An order's payment or refund: `purchase` / `trial_started` (first payment), `subscription_renewed`
     * (a renewal charge), `refund`. A renewal answers to its plan's first order: that order's session
     * (consent, click ids) and what its checkout captured.
     */
    async order(tx: Db, kind: Exclude<ConversionKind, "lead" | "quiz_started" | "checkout_started">, orderId: string, at: Date): Promise<void> {
      const webhooks = await webhookDestinations(tx);
      if (deps.active.length === 0 && webhooks.length === 0) return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return;
      const [customer] = await tx.select({ email: customers.email, consent: customers.consent }).from(customers).where(eq(customers.id, order.customerId));
      if (!customer || customer.email === deletedAddress(order.customerId)) return;
      const [first] = order.subscriptionId
        ? await tx.select({ orderId: subscriptions.orderId }).from(subscriptions).where(eq(subscriptions.id, order.subscriptionId))
        : [];
      const originalId = order.kind === "renewal" && first?.orderId ? first.orderId : order.id;
      const [original] = originalId === order.id ? [order] : await tx.select().from(orders).where(eq(orders.id, originalId));
      const session = await sessionOf(tx, original?.quizSessionId ?? null);
      const to = recipients(deps, webhooks, marketingAllowed(session?.consent ?? null, customer.consent));
      if (to.platforms.length + to.webhooks.length === 0) return;
      const [capture] = await tx.select().from(checkoutCaptures).where(eq(checkoutCaptures.orderId, originalId));
      await insertRows(tx, deps, to, order.customerId, {
        kind,
        eventId: conversionEventId(kind, order.id),
        eventTime: Math.floor(at.getTime() / 1000),
        sourceUrl: capture?.sourceUrl ?? deps.appOrigin,
        value: order.amount / 100,
        currency: order.currency,
        orderId: order.id,
        user: {
          emailSha256: hashedEmail(customer.email),
          externalIdSha256: sha256(order.customerId),
          clientIp: capture?.clientIp ?? null,
          userAgent: capture?.userAgent ?? null,
          fbp: capture?.fbp ?? null,
          fbc: capture?.fbc ?? (session ? fbcFrom(session.attribution.fbclid, session.createdAt) : null),
          gaClientId: capture?.gaClientId ?? serverGaClientId(session?.id ?? originalId, session?.createdAt ?? original?.createdAt ?? at),
          ttclid: session?.attribution.ttclid ?? null,
        },
        origin: originOf(order.customerId, session),
      });
    },
  };
}

export type ConversionQueue = ReturnType<typeof createConversionQueue>;

/**
 * Keeps what the browser told us as the checkout started (ADR 056), replacing what an earlier start of
 * the same open order kept. Where the GA tag never ran, the server's client id for the quiz session.
 */
export async function recordCheckoutCapture(db: Db, orderId: string, signals: VisitorSignals, session: { id: string; createdAt: Date } | null, at: Date) {
  const values = {
    clientIp: signals.clientIp,
    userAgent: signals.userAgent,
    fbp: signals.fbp,
    fbc: signals.fbc,
    gaClientId: signals.gaClientId ?? serverGaClientId(session?.id ?? orderId, session?.createdAt ?? at),
    sourceUrl: signals.sourceUrl,
    capturedAt: at,
  };
  await db
    .insert(checkoutCaptures)
    .values({ orderId, ...values })
    .onConflictDoUpdate({ target: checkoutCaptures.orderId, set: values });
}
