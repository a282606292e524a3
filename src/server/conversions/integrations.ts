import { sql } from "drizzle-orm";
import {
  DELIVERY_STATUSES,
  INTEGRATION_DAYS,
  INTEGRATION_LATEST,
  type Delivery,
  type DeliveryStatus,
  type Integration,
  type StatusCounts,
} from "#schemas/api/admin-integrations.ts";
import type { ConversionKind } from "#schemas/conversions/events.ts";
import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import { missingVariables } from "./destinations/destination.ts";
import { activeDestinations, DESTINATIONS } from "./destinations/registry.ts";

const DAY_MS = 86_400_000;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const noneOfEach = (): StatusCounts => Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as StatusCounts;

type DeliveryRow = Omit<Delivery, "queuedAt" | "sentAt" | "kind" | "status"> & {
  destination: string;
  kind: ConversionKind;
  status: DeliveryStatus;
  queuedAt: Date | string;
  sentAt: Date | string | null;
};
const iso = (t: Date | string) => new Date(t).toISOString();
const deliveryOf = ({ destination: _, ...r }: DeliveryRow): Delivery => ({ ...r, queuedAt: iso(r.queuedAt), sentAt: r.sentAt === null ? null : iso(r.sentAt) });

/** The latest rows per destination (of one status, or any), newest first. */
async function latestRows(db: Db, onlyFailed: boolean): Promise<DeliveryRow[]> {
  return rowsOf<DeliveryRow>(
    await db.execute(sql`
      select destination, id, created_at as "queuedAt", sent_at as "sentAt", kind, event_id as "eventId", status, attempts,
        last_status as "httpStatus", last_error as "message"
      from (
        select *, row_number() over (partition by destination order by created_at desc, id) as n
        from conversion_outbox ${onlyFailed ? sql`where status = 'failed'` : sql``}
      ) c
      where n <= ${INTEGRATION_LATEST}
      order by destination, created_at desc, id`),
  );
}

/**
 * Every destination as /admin/integrations shows it (ADR 062): the registry's, configured or not,
 * then any other destination the outbox has rows for (a webhook endpoint), by its key. Counts come
 * from `conversion_outbox` as it is now: per day queued over the last INTEGRATION_DAYS UTC days, by status;
 * days by the database's clock, which stamps the rows.
 */
export async function integrationsOf(db: Db, env: Env): Promise<Integration[]> {
  const [{ now }] = rowsOf<{ now: Date | string }>(await db.execute(sql`select now() as now`)) as [{ now: Date | string }];
  const firstDay = Math.floor(new Date(now).getTime() / DAY_MS) * DAY_MS - (INTEGRATION_DAYS - 1) * DAY_MS;
  const days = Array.from({ length: INTEGRATION_DAYS }, (_, i) => new Date(firstDay + i * DAY_MS).toISOString().slice(0, 10));
  const [perDay, failedCounts, keys, latest, failures] = await Promise.all([
    db
      .execute(
        sql`select destination, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, count(*)::int as n
          from conversion_outbox where created_at >= ${new Date(firstDay).toISOString()}::timestamptz group by 1, 2, 3`,
      )
      .then((r) => rowsOf<{ destination: string; day: string; status: DeliveryStatus; n: number }>(r)),
    db
      .execute(sql`select destination, count(*)::int as n from conversion_outbox where status = 'failed' group by 1`)
      .then((r) => rowsOf<{ destination: string; n: number }>(r)),
    db.execute(sql`select distinct destination from conversion_outbox order by 1`).then((r) => rowsOf<{ destination: string }>(r).map((k) => k.destination)),
    latestRows(db, false),
    latestRows(db, true),
  ]);

  const { mode } = activeDestinations(env);
  const row = (key: string) => {
    const counts = new Map(days.map((day) => [day, noneOfEach()]));
    for (const r of perDay) if (r.destination === key) counts.get(r.day)![r.status] = r.n;
    return {
      days: days.map((day) => ({ day, ...counts.get(day)! })),
      failed: failedCounts.find((f) => f.destination === key)?.n ?? 0,
      failures: failures.filter((f) => f.destination === key).map(deliveryOf),
      latest: latest.filter((f) => f.destination === key).map(deliveryOf),
    };
  };
  const registered = Object.values(DESTINATIONS).map((d): Integration => {
    const connected = d.connect(env) !== null;
    const test = d.test(env);
    return {
      key: d.label,
      title: d.title,
      inRegistry: true,
      mode: mode === "preview" ? "preview" : connected ? "sending" : "off",
      missing: missingVariables(d, env),
      test: "refused" in test ? { ready: false, problem: test.refused } : { ready: true, problem: null },
      ...row(d.label),
    };
  });
  const others = keys
    .filter((k) => !(k in DESTINATIONS))
    .map((key): Integration => ({ key, title: key, inRegistry: false, mode: null, missing: [], test: null, ...row(key) }));
  return [...registered, ...others];
}
