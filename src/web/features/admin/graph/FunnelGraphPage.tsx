import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import type { FlowListing } from "#schemas/api/admin-funnels.ts";
import type { FunnelGraphView } from "#schemas/api/admin-funnel-graph.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { flowsQueryOptions } from "../funnels/admin-funnels-query.ts";
import { formatCount, formatMoment } from "../funnels/format.ts";
import { choiceSearch, readChoice, toRequest } from "../funnels/report-range.ts";
import { DROP_OFF_BANDS } from "./drop-off.ts";
import { GraphDrawing } from "./GraphDrawing.tsx";
import { layoutGraph } from "./graph-layout.ts";
import { funnelGraphQueryOptions } from "./graph-query.ts";
import { GraphTables } from "./GraphTables.tsx";
import "#web/shared/ui/forms.css";
import "../funnels/funnels.css";
import "./graph.css";

const VARIANT = /^[a-z][a-z0-9_-]{0,62}:[a-z][a-z0-9_-]{0,62}$/;
const SCALES = [0.5, 0.75, 1, 1.25, 1.5] as const;

/** The page's choice as its URL keeps it: `?from&to` as on the figures page, and `variant=<experiment>:<variant>`. */
function useGraphChoice() {
  const [search, setSearch] = useSearchParams();
  const [today] = useState(() => new Date());
  const range = readChoice(search, today);
  const asked = search.get("variant");
  const variant = asked && VARIANT.test(asked) ? asked : null;
  const choose = (next: { from?: string; to?: string; variant?: string | null }) => {
    const query = choiceSearch({ from: next.from ?? range.from, to: next.to ?? range.to, by: null });
    const chosen = next.variant === undefined ? variant : next.variant;
    if (chosen) query.set("variant", chosen);
    setSearch(query, { replace: true });
  };
  return { range, variant, choose };
}

/**
 * /admin/funnels/:flowCode/graph — the flow drawn as its compiled machine (ADR 063): every step
 * and transition with the visitors of a window on it, for everyone or one variant; a step opens
 * its preview; the drawing downloads as SVG; the same figures are in two tables below it.
 */
export function FunnelGraphPage() {
  const code = useParams().flowCode ?? "";
  const { range, variant, choose } = useGraphChoice();
  const { since, until } = toRequest(range);
  const graph = useQuery(funnelGraphQueryOptions(code, { since, until, variant }));
  const flow = useQuery(flowsQueryOptions()).data?.find((f) => f.code === code);
  const title = graph.data?.flow.title ?? flow?.title ?? code;
  const refused = graph.error instanceof ApiError && [400, 404].includes(graph.error.status) ? graph.error : null;

  return (
    <section aria-labelledby="graph-title" className="funnel-page">
      <title>{`${title}: graph · Growth console · Pathwise`}</title>
      <p className="admin-crumbs">
        <Link to={paths.adminFunnels}>All funnels</Link> · <Link to={`${paths.adminFunnel(code)}?${choiceSearch({ ...range, by: null })}`}>Figures</Link>
      </p>
      <div className="admin-heading">
        <h1 id="graph-title" className="admin-heading__title">
          {title}: the funnel as its graph
        </h1>
        <button type="button" className="button button--secondary" onClick={() => void graph.refetch()} disabled={graph.isFetching}>
          {graph.isFetching ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      <p className="admin-lead">
        <code>{code}</code>
        {graph.data ? ` · ${formatCount(graph.data.visitors)} visitors · figures as of ${formatMoment(new Date(graph.dataUpdatedAt).toISOString())}` : ""}
      </p>
      <GraphControls from={range.from} to={range.to} variant={variant} flow={flow} onChoose={choose} />
      {graph.isPending ? (
        <PageLoading label="Drawing the graph…" />
      ) : refused ? (
        <p className="message message--error" role="alert">
          {refused.status === 404 ? `There is no flow with the code “${code}”.` : `This graph cannot be drawn: ${refused.message}.`}{" "}
          <Link to={paths.adminFunnels}>See every funnel</Link>.
        </p>
      ) : graph.isError ? (
        <LoadFailed what="the graph" onRetry={() => void graph.refetch()} />
      ) : (
        <Graph graph={graph.data} />
      )}
    </section>
  );
}

type ControlsProps = {
  from: string;
  to: string;
  variant: string | null;
  flow: FlowListing | undefined;
  onChoose: (next: { from?: string; to?: string; variant?: string | null }) => void;
};

/** The window (two days, inclusive, UTC) and the variant; each change goes straight into the URL. */
function GraphControls({ from, to, variant, flow, onChoose }: ControlsProps) {
  const id = useId();
  const variants = (flow?.experiments ?? []).flatMap((e) => e.variants.map((v) => ({ value: `${e.id}:${v.id}`, label: `${e.id}: ${v.id}` })));
  // A variant from a shared link that the flows list does not (yet) show still shows as chosen.
  if (variant && !variants.some((v) => v.value === variant)) variants.unshift({ value: variant, label: variant });
  return (
    <form className="report-controls" aria-label="What to count" onSubmit={(event) => event.preventDefault()}>
      <div className="report-controls__field">
        <label htmlFor={`${id}-from`}>From (UTC)</label>
        <input id={`${id}-from`} type="date" value={from} max={to} required onChange={(e) => e.target.value && onChoose({ from: e.target.value })} />
      </div>
      <div className="report-controls__field">
        <label htmlFor={`${id}-to`}>To, inclusive</label>
        <input id={`${id}-to`} type="date" value={to} min={from} required onChange={(e) => e.target.value && onChoose({ to: e.target.value })} />
      </div>
      <div className="report-controls__field">
        <label htmlFor={`${id}-variant`}>Variant</label>
        <select id={`${id}-variant`} value={variant ?? ""} onChange={(e) => onChoose({ variant: e.target.value || null })}>
          <option value="">Everyone</option>
          {variants.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/** Saves the drawing as an .svg file, as drawn (its colours are attributes). */
function downloadSvg(svg: SVGSVGElement, name: string) {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}`;
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Graph({ graph }: { graph: FunnelGraphView }) {
  const navigate = useNavigate();
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  const [scale, setScale] = useState<number>(1);
  const svg = useRef<SVGSVGElement>(null);
  const variants = graph.variant ? Object.fromEntries([graph.variant.split(":") as [string, string]]) : {};
  const zoom = (step: -1 | 1) => setScale((s) => SCALES[Math.min(SCALES.length - 1, Math.max(0, SCALES.indexOf(s as (typeof SCALES)[number]) + step))]!);
  const drawnFor = `${graph.flow.title}${graph.variant ? `, variant ${graph.variant}` : ""}, ${graph.since.slice(0, 10)} to ${graph.until.slice(0, 10)}`;
  return (
    <>
      <div className="graph-toolbar" role="toolbar" aria-label="The drawing">
        <button type="button" className="button button--secondary" onClick={() => zoom(-1)} disabled={scale === SCALES[0]}>
          Zoom out
        </button>
        <button type="button" className="button button--secondary" onClick={() => zoom(1)} disabled={scale === SCALES.at(-1)}>
          Zoom in
        </button>
        <button type="button" className="button button--secondary" onClick={() => setScale(1)} disabled={scale === 1}>
          Actual size
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => svg.current && downloadSvg(svg.current, `${graph.flow.code}${graph.variant ? `-${graph.variant.replace(":", "-")}` : ""}-graph.svg`)}
        >
          Download SVG
        </button>
      </div>
      <Legend />
      <div className="graph-box" role="region" aria-label="The graph (scrolls inside this box)" tabIndex={0}>
        <GraphDrawing
          ref={svg}
          layout={layout}
          title={`Funnel graph of ${drawnFor}`}
          scale={scale}
          previewOf={(stepId) => paths.adminStepPreview(graph.flow.code, stepId, variants)}
          open={(href) => void navigate(href)}
        />
      </div>
      <GraphTables graph={graph} />
    </>
  );
}

function Legend() {
  return (
    <div className="graph-legend" aria-label="How to read the graph" role="note">
      <ul>
        {DROP_OFF_BANDS.map((band) => (
          <li key={band.id}>
            <span
              className="graph-legend__swatch"
              style={{ background: band.fill, borderColor: band.stroke, borderWidth: band.strokeWidth }}
              aria-hidden="true"
            >
              {band.mark}
            </span>{" "}
            {band.words}
          </li>
        ))}
      </ul>
      <p>
        A line is a transition, labelled with the visitors who took it and their share of the step’s visitors; a dashed line goes back along the steps already
        taken (after a declined payment, or the Back button); a pale line is one nobody took. Select a step to open its preview.
      </p>
    </div>
  );
}
