import { fillPlaceholders, sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Answer, CompiledFlow } from "#engine/flow/types.ts";
import type { Database, Db } from "../db/client.ts";
import type { Clock } from "../platform/clock.ts";
import { RATE_LIMIT_LONGEST_WINDOW_SECONDS, type Limit } from "../platform/rate-limiter.ts";
import { ownedBy, type Caller } from "./quiz-sessions.ts";

export type OneTripResult =
  | { saved: true }
  | { saved: false; reason: "rate_limited"; retryAfterSeconds: number }
  | { saved: false; reason: "not_found" }
  | { saved: false; reason: "other_flow"; sessionFlowCode: string }
  | { saved: false; reason: "finished" };

type Row = {
  ip_count: number;
  ip_window: string | Date;
  session_count: number | null;
  session_window: string | Date | null;
  flow_code: string | null;
  status: string | null;
  saved: number | string;
};

/** One fixed-window counter hit as a CTE body: insert, count up, or start a new window (as createRateLimiter does). */
const onHit = (windowStart: Placeholder) => sql`
    on conflict (key) do update set
      count = case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at <= ${windowStart}
                               then ${p.at}::timestamptz else rate_limits.window_started_at end
    returning count, window_started_at`;

export type OneTripInput = {
  sessionId: string;
  caller: Caller;
  flow: CompiledFlow;
  stepId: string;
  value: Answer;
  /** A question's answer may not change once the quiz is finished; a name may. */
  question: boolean;
  ipKey: string;
  ipLimit: Limit;
  sessionLimit: Limit;
};

/** The statement's parameters by name: its text is built once per kind of caller and sent as a prepared statement. */
const names = [
  "ipKey",
  "at",
  "ipWindowStart",
  "sessionWindowStart",
  "sessionId",
  "visitorId",
  "customerId",
  "ipMax",
  "sessionMax",
  "flowCode",
  "anyStatus",
  "stepId",
  "value",
  "flowVersion",
  "flowHash",
] as const;
type Name = (typeof names)[number];
const p = Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as Record<Name, Placeholder>;

/** The values of one save, by placeholder name. */
function oneTripValues(now: Date, input: OneTripInput): Record<Name, unknown> {
  const windowStart = (limit: Limit) => new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
  return {
    ipKey: input.ipKey,
    at: now.toISOString(),
    ipWindowStart: windowStart(input.ipLimit),
    sessionWindowStart: windowStart(input.sessionLimit),
    sessionId: input.sessionId,
    visitorId: input.caller.visitorId,
    customerId: input.caller.customerId,
    ipMax: input.ipLimit.max,
    sessionMax: input.sessionLimit.max,
    flowCode: input.flow.code,
    anyStatus: !input.question,
    stepId: input.stepId,
    value: input.value === null ? null : JSON.stringify(input.value),
    flowVersion: input.flow.version,
    flowHash: input.flow.hash,
  };
}

/** The statement for a caller with (or without) a visitor cookie and a login: the ownership test differs, nothing else. */
function oneTripStatement(db: Db, caller: { visitor: boolean; customer: boolean }): SQL {
  const owner = {
    visitorId: caller.visitor ? (p.visitorId as unknown as string) : null,
    customerId: caller.customer ? (p.customerId as unknown as string) : null,
  };
  return sql`
    with
    ip_hit as (
      insert into rate_limits (key, window_started_at, count) values (${p.ipKey}, ${p.at}, 1)
      ${onHit(p.ipWindowStart)}
    ),
    s as (
      select id, flow_code, flow_hash, status, variants from quiz_sessions
      where id = ${p.sessionId} and ${ownedBy(db, owner)}
    ),
    session_hit as (
      insert into rate_limits (key, window_started_at, count) select 'quiz-answer:session:' || s.id, ${p.at}, 1 from s
      ${onHit(p.sessionWindowStart)}
    ),
    ok as (
      select s.* from s
      where (select count from ip_hit) <= ${p.ipMax}
        and coalesce((select count from session_hit), 0) <= ${p.sessionMax}
        and s.flow_code = ${p.flowCode}
        and (${p.anyStatus}::boolean or s.status = 'in_progress')
    ),
    saved as (
      insert into quiz_answers (session_id, step_id, value, flow_version, flow_hash, answered_at)
      select id, ${p.stepId}, ${p.value}::jsonb, ${p.flowVersion}, ${p.flowHash}, ${p.at} from ok
      on conflict (session_id, step_id) do update set
        value = excluded.value, flow_version = excluded.flow_version, flow_hash = excluded.flow_hash, answered_at = excluded.answered_at
      returning session_id
    ),
    touched as (
      update quiz_sessions set updated_at = ${p.at} where id in (select session_id from saved)
    ),
    event as (
      insert into quiz_events (session_id, type, step_id, variant, at)
      select id, 'answer', ${p.stepId}, variants, ${p.at} from ok where exists (select 1 from saved)
    ),
    first_answer as (
      insert into quiz_session_steps (session_id, step_id, first_answered_at)
      select session_id, ${p.stepId}, ${p.at} from saved
      on conflict (session_id, step_id) do update set first_answered_at = coalesce(quiz_session_steps.first_answered_at, excluded.first_answered_at)
    )
    select
      (select count from ip_hit) as ip_count,
      (select window_started_at from ip_hit) as ip_window,
      (select count from session_hit) as session_count,
      (select window_started_at from session_hit) as session_window,
      (select flow_code from s) as flow_code,
      (select status from s) as status,
      (select count(*) from saved) as saved`;
}

export type OneTripQuery = { name: string; sql: string; params: unknown[] };
const queries = new Map<string, OneTripQuery>();

/** The prepared statement for this caller's kind, built once (bench/answer-save.ts sends the same one through a bare driver). */
export function oneTripQuery(db: Db, caller: Caller): OneTripQuery {
  const kind = { visitor: caller.visitorId !== null, customer: caller.customerId !== null };
  const key = `${kind.visitor ? "v" : ""}${kind.customer ? "c" : ""}`;
  let query = queries.get(key);
  if (!query) {
    const built = new PgDialect().sqlToQuery(oneTripStatement(db, kind));
    query = { name: `quiz-answer-one-trip-${key || "none"}`, sql: built.sql, params: built.params };
    queries.set(key, query);
  }
  return query;
}

/** The parameters of one save for `query`, in order. */
export const oneTripParams = (query: OneTripQuery, now: Date, input: OneTripInput) => fillPlaceholders(query.params, oneTripValues(now, input));

/**
 * An answer save in one database round trip (the funnel's hot path, ~40 per visitor): counts the
 * per-address and per-session rate limits, checks the caller owns the session, that it runs this
 * flow (the caller found the flow by the hash the browser sent, so the version matches) and is still open, stores the answer (a second answer replaces the first), touches
 * the session, records the 'answer' event and the step's first answer (funnel report), all in one statement, so it is atomic without a
 * transaction. Nothing is written but the counters when a check fails; the result says which.
 * The answer must already be valid for the flow (validateAnswer); e-mail steps take the full path.
 */
export async function saveAnswerInOneTrip(database: Database, clock: Clock, input: OneTripInput): Promise<OneTripResult> {
  for (const limit of [input.ipLimit, input.sessionLimit])
    if (limit.windowSeconds > RATE_LIMIT_LONGEST_WINDOW_SECONDS) throw new Error("a rate-limit window over a day would be purged early");
  const now = clock.now();
  const query = oneTripQuery(database.db, input.caller);
  const [row] = await database.executePrepared<Row>(query.name, query.sql, oneTripParams(query, now, input));
  if (!row) throw new Error("the one-trip answer save returned no row");
  if (Number(row.saved) > 0) return { saved: true };
  const retryAfter = (window: string | Date, limit: Limit) =>
    Math.max(1, Math.ceil((new Date(window).getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000));
  if (row.ip_count > input.ipLimit.max) return { saved: false, reason: "rate_limited", retryAfterSeconds: retryAfter(row.ip_window, input.ipLimit) };
  if (row.flow_code === null) return { saved: false, reason: "not_found" };
  if (row.session_count !== null && row.session_count > input.sessionLimit.max)
    return { saved: false, reason: "rate_limited", retryAfterSeconds: retryAfter(row.session_window!, input.sessionLimit) };
  if (row.flow_code !== input.flow.code) return { saved: false, reason: "other_flow", sessionFlowCode: row.flow_code };
  return { saved: false, reason: "finished" };
}
