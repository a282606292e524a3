import { sql, type SQL } from "drizzle-orm";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import type { Text } from "#schemas/flow/text.ts";
import { conditionWords } from "#engine/flow/graph/condition-words.ts";
import { machineGraph, type MachineEdge } from "#engine/flow/graph/machine-graph.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { splitWindow, type FunnelQuery } from "./funnel-queries.ts";

/** The runs the graph counts: a window, and optionally one variant of one experiment. */
export type GraphQuery = Pick<FunnelQuery, "flow" | "since" | "until"> & { variant: { experiment: string; is: string } | null };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Where the graph reads its counts (ADR 063): the whole UTC days of the window from the daily
 * counts the database keeps per flow, day and variants (`days`, a condition on a daily table's
 * rows), the parts of a day at either end from the runs' own rows (`edge`, a CTE of those runs:
 * id, last_new_step, paid).
 */
function sources(q: GraphQuery): { days: SQL; edge: SQL } {
  const { days, edges } = splitWindow(q.since, q.until);
  const ofVariant = (variants: SQL) => (q.variant ? sql`and ${variants} ->> ${q.variant.experiment} = ${q.variant.is}` : sql``);
  const inEdges = edges.length
    ? sql.join(
        edges.map(([a, b]) => sql`(s.created_at >= ${a.toISOString()}::timestamptz and s.created_at < ${b.toISOString()}::timestamptz)`),
        sql` or `,
      )
    : sql`false`;
  return {
    days: days ? sql`d.flow_code = ${q.flow} and d.day >= ${days.from}::date and d.day < ${days.to}::date ${ofVariant(sql`d.variants`)}` : sql`false`,
    edge: sql`edge as (select s.id, s.last_new_step, s.paid from quiz_sessions s where s.flow_code = ${q.flow} and (${inEdges}) ${ofVariant(sql`s.variants`)})`,
  };
}

/**
 * How many runs made each move from one step straight to another at least once (a row of
 * quiz_session_moves per run and move, counted per day in funnel_move_days).
 */
async function moves(db: Db, q: GraphQuery): Promise<{ from: string; to: string; runs: number }[]> {
  const { days, edge } = sources(q);
  return rowsOf(
    await db.execute(sql`
      with ${edge}
      select "from", "to", sum(runs)::int as runs from (
        select d.from_step as "from", d.to_step as "to", d.runs from funnel_move_days d where ${days}
        union all
        select m.from_step, m.to_step, 1 from quiz_session_moves m join edge on edge.id = m.session_id
      ) c group by 1, 2 having sum(runs) > 0`),
  );
}

/** Per step: runs that saw it, and runs that never paid and saw nothing new after it. */
async function stepCounts(db: Db, q: GraphQuery, firstStep: string) {
  const { days, edge } = sources(q);
  const saw = rowsOf<{ step: string; n: number }>(
    await db.execute(sql`
      with ${edge}
      select step, sum(n)::int as n from (
        select d.step_id as step, d.saw as n from funnel_step_days d where ${days}
        union all
        select f.step_id, 1 from quiz_session_steps f join edge on edge.id = f.session_id
      ) c group by 1`),
  );
  const ended = rowsOf<{ step: string; paid: boolean; n: number }>(
    await db.execute(sql`
      with ${edge}
      select coalesce(nullif(step, ''), ${firstStep}) as step, paid, sum(n)::int as n from (
        select d.last_step as step, d.paid, d.runs as n from funnel_run_days d where ${days}
        union all
        select coalesce(edge.last_new_step, ''), edge.paid, 1 from edge
      ) c group by 1, 2`),
  );
  const left = ended.filter((r) => !r.paid);
  return {
    runs: ended.reduce((sum, r) => sum + r.n, 0),
    saw: new Map(saw.map((r) => [r.step, r.n])),
    left: new Map(left.map((r) => [r.step, r.n])),
  };
}

/** An edge's condition in words: its branches' conditions, `otherwise` for a step's last branch, nothing for a step's one way on. */
function whenOf(edge: MachineEdge, edges: MachineEdge[]): string | null {
  if (edge.when) return edge.when.map(conditionWords).join(" or ");
  const siblings = edges.filter((e) => e.from === edge.from && e.by === "answer");
  return edge.by === "answer" && siblings.length > 1 ? "otherwise" : null;
}

/**
 * The funnel as its graph: the compiled machine's steps and transitions (machineGraph), each with
 * what the query's runs did. A run ends on the last step it saw for the first time, as in the
 * funnel figures; ending on the result step or after it is finishing. Moves along the trail that
 * the machine graph leaves out (going back from a question) are added where runs made them.
 */
export async function funnelGraph(db: Db, flow: CompiledFlow, q: GraphQuery, words: (text: Text) => string): Promise<FunnelGraphView> {
  const graph = machineGraph(flow);
  const first = graph.steps[0]?.id ?? "";
  const counts = await stepCounts(db, q, first);
  const made = await moves(db, q);
  const result = graph.steps.findIndex((s) => s.kind === "result");
  const finished = new Set(result < 0 ? [graph.steps.at(-1)?.id] : graph.steps.slice(result).map((s) => s.id));
  const known = new Set(graph.steps.map((s) => s.id));
  const drawn = new Set(graph.edges.map((e) => `${e.from} ${e.to}`));
  const extra: MachineEdge[] = made
    .filter((m) => known.has(m.from) && known.has(m.to) && !drawn.has(`${m.from} ${m.to}`))
    .map((m) => ({ from: m.from, to: m.to, by: "trail", when: null }));
  const runsOn = new Map(made.map((m) => [`${m.from} ${m.to}`, m.runs]));
  return {
    flow: { code: flow.code, title: words(flow.title) },
    since: q.since.toISOString(),
    until: q.until.toISOString(),
    variant: q.variant ? `${q.variant.experiment}:${q.variant.is}` : null,
    visitors: counts.runs,
    nodes: graph.steps.map((s) => ({
      id: s.id,
      title: "title" in s && s.title ? words(s.title) : s.id,
      kind: s.kind,
      // Every run was shown the first screen, even one that left before its view was recorded.
      visitors: s.id === first ? Math.max(counts.saw.get(s.id) ?? 0, counts.runs) : (counts.saw.get(s.id) ?? 0),
      left: finished.has(s.id) ? 0 : (counts.left.get(s.id) ?? 0),
    })),
    edges: [...graph.edges, ...extra].map((e) => ({
      from: e.from,
      to: e.to,
      visitors: runsOn.get(`${e.from} ${e.to}`) ?? 0,
      by: e.by,
      when: whenOf(e, graph.edges),
    })),
  };
}
