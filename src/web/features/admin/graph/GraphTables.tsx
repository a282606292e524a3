import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import { formatCount, formatShare } from "../funnels/format.ts";
import { ScrollTable } from "../funnels/ScrollTable.tsx";
import { dropOff } from "./drop-off.ts";
import { edgeFigure, kindWords } from "./GraphDrawing.tsx";

/** How a transition is taken, in words: the branch's condition, the step's one way on, or back along the trail. */
function wayOf(edge: FunnelGraphView["edges"][number]): string {
  if (edge.by === "trail") return "back along the steps taken";
  return edge.when ?? "the step's way on";
}

/** The graph's figures as two tables, the steps and the transitions: what the drawing shows, for a screen reader and for copying. */
export function GraphTables({ graph }: { graph: FunnelGraphView }) {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const titleOf = (id: string) => byId.get(id)?.title ?? id;
  return (
    <>
      <ScrollTable id="graph-steps" caption="Steps, in the flow’s order">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Kind</th>
            <th scope="col">Visitors</th>
            <th scope="col">Left here</th>
            <th scope="col">Drop-off</th>
          </tr>
        </thead>
        <tbody>
          {graph.nodes.map((n) => (
            <tr key={n.id}>
              <th scope="row">
                {n.title} <code>{n.id}</code>
              </th>
              <td>{kindWords(n.kind)}</td>
              <td className="num">{formatCount(n.visitors)}</td>
              <td className="num">
                {formatCount(n.left)} ({formatShare(n.left, n.visitors)})
              </td>
              <td>
                {dropOff(n.visitors, n.left).mark} {dropOff(n.visitors, n.left).words}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <ScrollTable id="graph-transitions" caption="Transitions: visitors who went from one step straight to the next">
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">When</th>
            <th scope="col">Visitors · share of the step’s</th>
          </tr>
        </thead>
        <tbody>
          {graph.edges.map((e) => (
            <tr key={`${e.from} ${e.to}`} data-taken={e.visitors > 0 ? "yes" : "no"}>
              <th scope="row">{titleOf(e.from)}</th>
              <td>{titleOf(e.to)}</td>
              <td>{wayOf(e)}</td>
              <td className="num">
                {edgeFigure(e, byId.get(e.from))}
                {e.visitors === 0 ? " (nobody)" : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  );
}
