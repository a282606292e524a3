import { sql } from "drizzle-orm";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import type { Text } from "#schemas/flow/text.ts";
import { conditionWords } from "#engine/flow/graph/condition-words.ts";
import { machineGraph, type MachineEdge } from "#engine/flow/graph/machine-graph.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Db } from "../db/client.ts";
import { inWindow, paidRun, type FunnelQuery } from "./funnel-queries.ts";

/** The runs the graph counts: a window, and optionally one variant of one experiment. */
export type GraphQuery = Pick<FunnelQuery, "flow" | "since" | "until"> & { variant: { experiment: string; is: string } | null };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The runs (quiz_sessions as s) of the query. */
function runsOf(q: GraphQuery) {
  const inVariant = q.variant ? sql`and s.variants ->> ${q.variant.experiment} = ${q.variant.is}` : sql``;
  return sql`${inWindow({ ...q, groupBy: null })} ${inVariant}`;
}

/**
 * Each move a run made from one step straight to another, once per run: its views and answers in
 * the order they happened (an answer before a view at the same instant), a step repeated in a row
 * (a reload, a view that came after its answer) read as one.
 */
async function moves(db: Db, q: GraphQuery): Promise<{ from: string; to: string; runs: number }[]> {
  return rowsOf(
    await db.execute(sql`
      with seen as (
        select e.session_id, e.step_id,
          lag(e.step_id) over (partition by e.session_id order by e.at, case e.type when 'answer' then 0 else 1 end) as before
        from quiz_events e join quiz_sessions s on s.id = e.session_id
        where ${runsOf(q)} and e.type in ('view', 'answer') and e.step_id is not null
      )
      select before as "from", step_id as "to", count(distinct session_id)::int as runs
      from seen where before is not null and before <> step_id
      group by 1, 2`),
  );
}

/** Per step: runs that saw it, and runs that never paid and saw nothing new after it. */
async function stepCounts(db: Db, q: GraphQuery, firstStep: string) {
  const [runs] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from quiz_sessions s where ${runsOf(q)}`));
  const saw = rowsOf<{ step: string; n: number }>(
    await db.execute(sql`
      select f.step_id as step, count(*)::int as n
      from quiz_session_steps f join quiz_sessions s on s.id = f.session_id
      where ${runsOf(q)} group by 1`),
  );
  const left = rowsOf<{ step: string; n: number }>(
    await db.execute(sql`
      select coalesce(s.last_new_step, ${firstStep}) as step, count(*)::int as n
      from quiz_sessions s where ${runsOf(q)} and not ${paidRun} group by 1`),
  );
  return { runs: runs?.n ?? 0, saw: new Map(saw.map((r) => [r.step, r.n])), left: new Map(left.map((r) => [r.step, r.n])) };
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
