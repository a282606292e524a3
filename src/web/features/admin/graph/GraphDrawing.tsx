import { forwardRef, useId, type KeyboardEvent, type MouseEvent } from "react";
import { formatCount, formatShare } from "../funnels/format.ts";
import { dropOff, INK } from "./drop-off.ts";
import { NODE, type GraphLayout, type PlacedEdge, type PlacedNode } from "./graph-layout.ts";

const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";

/** Text cut to `max` characters with an ellipsis (the whole of it is in the shape's title). */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A step kind as words: "single_choice" → "single choice". */
export const kindWords = (kind: string) => kind.replaceAll("_", " ");

/** A transition's label: its visitors and their share of the visitors of the step it leaves. */
export const edgeFigure = (edge: { visitors: number }, from: { visitors: number } | undefined) =>
  `${formatCount(edge.visitors)} · ${formatShare(edge.visitors, from?.visitors ?? 0)}`;

type Props = {
  layout: GraphLayout;
  title: string;
  scale: number;
  /** Where a step's preview opens, and how to go there without reloading the app. */
  previewOf: (stepId: string) => string;
  open: (href: string) => void;
};

/**
 * The graph as SVG, drawn by React from dagre's layout: a box per step (title, kind, visitors and
 * how many left, filled by drop-off band), a line per transition labelled with its visitors and
 * share, dashed for a move along the trail, pale for one nobody took. Each step is a link to its
 * preview (click or Enter). Colours and fonts are attributes, so the downloaded file is the same.
 */
export const GraphDrawing = forwardRef<SVGSVGElement, Props>(function GraphDrawing({ layout, title, scale, previewOf, open }, ref) {
  const id = useId();
  const byId = new Map(layout.nodes.map((n) => [n.id, n]));
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width * scale}
      height={layout.height * scale}
      role="group"
      aria-labelledby={`${id}-title`}
      fontFamily={FONT}
    >
      <title id={`${id}-title`}>{title}</title>
      <defs>
        <marker id={`${id}-arrow`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" fill={INK.line} />
        </marker>
        <marker id={`${id}-arrow-unused`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" fill={INK.unused} />
        </marker>
      </defs>
      <rect width={layout.width} height={layout.height} fill={INK.background} />
      <g aria-hidden="true">
        {layout.edges.map((edge) => (
          <Edge key={`${edge.from} ${edge.to}`} edge={edge} from={byId.get(edge.from)} marker={`${id}-arrow`} />
        ))}
      </g>
      {layout.nodes.map((node) => (
        <Node key={node.id} node={node} href={previewOf(node.id)} open={open} />
      ))}
    </svg>
  );
});

function Edge({ edge, from, marker }: { edge: PlacedEdge; from: PlacedNode | undefined; marker: string }) {
  const used = edge.visitors > 0;
  const [first, ...rest] = edge.points;
  if (!first) return null;
  const d = `M${first.x} ${first.y}${rest.map((p) => ` L${p.x} ${p.y}`).join("")}`;
  const colour = used ? INK.line : INK.unused;
  const note = edge.by === "trail" ? "back" : edge.when;
  return (
    <g data-edge={`${edge.from}>${edge.to}`} data-taken={used ? "yes" : "no"} opacity={used ? 1 : 0.75}>
      <path
        d={d}
        fill="none"
        stroke={colour}
        strokeWidth={used ? 1.75 : 1.25}
        strokeDasharray={edge.by === "trail" ? "6 4" : undefined}
        markerEnd={`url(#${used ? marker : `${marker}-unused`})`}
      />
      <text
        x={edge.label.x}
        y={edge.label.y - 2}
        textAnchor="middle"
        fontSize="12"
        fill={used ? INK.text : INK.muted}
        paintOrder="stroke"
        stroke={INK.background}
        strokeWidth="4"
      >
        {edgeFigure(edge, from)}
      </text>
      {note ? (
        <text
          x={edge.label.x}
          y={edge.label.y + 13}
          textAnchor="middle"
          fontSize="11"
          fill={INK.muted}
          paintOrder="stroke"
          stroke={INK.background}
          strokeWidth="4"
        >
          {cut(note, 24)}
          <title>{note}</title>
        </text>
      ) : null}
    </g>
  );
}

function Node({ node, href, open }: { node: PlacedNode; href: string; open: (href: string) => void }) {
  const band = dropOff(node.visitors, node.left);
  const x = node.x - NODE.width / 2;
  const y = node.y - NODE.height / 2;
  const go = (event: MouseEvent | KeyboardEvent) => {
    if ("key" in event && event.key !== "Enter") return;
    event.preventDefault();
    open(href);
  };
  return (
    <a href={href} onClick={go} onKeyDown={go} aria-label={`${node.title} (${kindWords(node.kind)}): open the step's preview`} data-step={node.id}>
      <title>{node.title}</title>
      <rect x={x} y={y} width={NODE.width} height={NODE.height} rx="8" fill={band.fill} stroke={band.stroke} strokeWidth={band.strokeWidth} />
      <text x={x + 12} y={y + 22} fontSize="14" fontWeight="600" fill={INK.text}>
        {cut(node.title, 26)}
      </text>
      <text x={x + 12} y={y + 41} fontSize="12" fill={INK.muted}>
        {kindWords(node.kind)}
      </text>
      <text x={x + 12} y={y + 62} fontSize="12" fill={INK.text}>
        {`${formatCount(node.visitors)} visitors · ${band.mark} ${formatCount(node.left)} left (${formatShare(node.left, node.visitors)})`}
      </text>
    </a>
  );
}
