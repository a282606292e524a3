import { sql, type SQL } from "drizzle-orm";
import { DELIVERED_EVENTS, type DestinationDeliveries } from "#schemas/api/admin-funnels.ts";
import { DELIVERY_STATUSES, type DeliveryStatus } from "#schemas/api/admin-integrations.ts";
import { conversionEventId, type ConversionKind } from "#schemas/conversions/events.ts";
import type { Db } from "../db/client.ts";
import { DESTINATIONS } from "../conversions/destinations/registry.ts";
import { inWindow, type FunnelQuery } from "./funnel-queries.ts";

type DeliveredEvent = (typeof DELIVERED_EVENTS)[number];

/** The conversion kinds behind each figure: one order is a purchase or a trial, never both (one event id). */
const KINDS: Record<DeliveredEvent, ConversionKind[]> = {
  lead: ["lead"],
  paid: ["purchase", "trial_started"],
  renewal: ["subscription_renewed"],
  refund: ["refund"],
};

/** What the report counted, per figure. */
export type Counted = Record<DeliveredEvent, number>;

/** Outbox rows of one destination for one figure, in one status. */
export type DeliveryCount = { destination: string; event: DeliveredEvent; status: DeliveryStatus; n: number };

/** An event id's prefix, from the one function that makes ids: `conversionEventId(kind, "")`. */
const idOf = (kind: ConversionKind, key: SQL) => sql`${conversionEventId(kind, "")}::text || ${key}::text`;

/**
 * The outbox rows of the events of the report's runs (ADR 062), per destination, figure and status:
 * the lead of each run that gave its e-mail, the first payment of each paid run, its renewals and
 * refunds. Renewals and refunds only of runs paid in the report's currency (or none), as the
 * report's own columns count them. Rows are found by event id, so a webhook's rows count as well.
 */
export async function deliveryCounts(db: Db, q: FunnelQuery, currency: string | null): Promise<DeliveryCount[]> {
  const result = await db.execute(sql`
    with runs as (select s.id, s.customer_id from quiz_sessions s where ${inWindow(q)}),
    initial as (
      select o.id, o.status, o.currency, o.quiz_session_id as run from orders o join runs on runs.id = o.quiz_session_id
      where o.kind = 'initial' and o.duplicate_of is null
    ),
    money as (
      select run from initial group by run
      having max(currency) filter (where status in ('paid', 'refunded')) is null
        or max(currency) filter (where status in ('paid', 'refunded')) = ${currency}::text
    ),
    renewal as (
      select r.id, r.status, i.run from initial i
      join subscriptions sub on sub.order_id = i.id
      join orders r on r.subscription_id = sub.id and r.kind = 'renewal' and r.status in ('paid', 'refunded')
    ),
    items(event, event_id) as (
      select 'lead', ${idOf("lead", sql`id`)} from runs where customer_id is not null
      union all select 'paid', ${idOf("purchase", sql`id`)} from initial where status in ('paid', 'refunded')
      union all select 'renewal', ${idOf("subscription_renewed", sql`id`)} from renewal where run in (select run from money)
      union all select 'refund', ${idOf("refund", sql`id`)} from initial where status = 'refunded' and run in (select run from money)
      union all select 'refund', ${idOf("refund", sql`id`)} from renewal where status = 'refunded' and run in (select run from money)
    )
    select c.destination, items.event, c.status, count(*)::int as n
    from items join conversion_outbox c on c.event_id = items.event_id
    group by 1, 2, 3`);
  return (result as { rows: DeliveryCount[] }).rows;
}

/**
 * Counted beside delivered, per destination: the registry's in its order, then any other destination
 * with rows for these runs by its key. "Never queued" is what was counted and has no row at all.
 */
export function deliveriesOf(counted: Counted, rows: DeliveryCount[]): DestinationDeliveries[] {
  const others = [...new Set(rows.map((r) => r.destination))].filter((d) => !Object.hasOwn(DESTINATIONS, d)).sort();
  const destinations = [
    ...Object.values(DESTINATIONS).map((d) => ({ key: d.label, title: d.title, takes: (e: DeliveredEvent) => KINDS[e].some((k) => d.takes(k)) })),
    ...others.map((key) => ({ key, title: key, takes: () => true })),
  ];
  return destinations.map((d) => ({
    destination: d.key,
    title: d.title,
    events: DELIVERED_EVENTS.map((event) => {
      const statuses = Object.fromEntries(
        DELIVERY_STATUSES.map((status) => [status, rows.find((r) => r.destination === d.key && r.event === event && r.status === status)?.n ?? 0]),
      ) as Record<DeliveryStatus, number>;
      const rowsInAll = DELIVERY_STATUSES.reduce((total, s) => total + statuses[s], 0);
      return { event, counted: counted[event], takes: d.takes(event), ...statuses, neverQueued: counted[event] - rowsInAll };
    }),
  }));
}
