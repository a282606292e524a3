import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from "@dagrejs/dagre";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";

/** A step's box and a transition's line, placed by dagre (never by hand), in SVG user units. */
export const NODE = { width: 240, height: 76 } as const;
const LABEL = { width: 120, height: 34 } as const;
const MARGIN = 16;

type Point = { x: number; y: number };
export type PlacedNode = FunnelGraphView["nodes"][number] & Point;
export type PlacedEdge = FunnelGraphView["edges"][number] & { points: Point[]; label: Point };
export type GraphLayout = { width: number; height: number; nodes: PlacedNode[]; edges: PlacedEdge[] };

/**
 * Lays the graph out top to bottom with dagre: steps ranked along the flow, each transition a line
 * of points with room for its label (visitors, share, the branch's condition). Moves along the
 * trail (back after a declined payment) are given no weight, so they bend round the forward path
 * instead of pulling it out of order.
 */
export function layoutGraph(graph: Pick<FunnelGraphView, "nodes" | "edges">): GraphLayout {
  const g = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>();
  g.setGraph({ rankdir: "TB", nodesep: 48, ranksep: 64, edgesep: 24, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: NODE.width, height: NODE.height });
  for (const edge of graph.edges) {
    g.setEdge(edge.from, edge.to, { width: LABEL.width, height: LABEL.height, labelpos: "r", labeloffset: 8, weight: edge.by === "answer" ? 1 : 0, minlen: 1 });
  }
  dagre.layout(g);
  const box = g.graph();
  return {
    width: Math.ceil(box.width ?? 0),
    height: Math.ceil(box.height ?? 0),
    nodes: graph.nodes.map((node) => {
      const placed = g.node(node.id);
      return { ...node, x: placed.x ?? 0, y: placed.y ?? 0 };
    }),
    edges: graph.edges.map((edge) => {
      const placed = g.edge(edge.from, edge.to);
      return { ...edge, points: placed.points ?? [], label: { x: placed.x ?? 0, y: placed.y ?? 0 } };
    }),
  };
}
