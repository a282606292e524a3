// What the browser did for each step change, read from a Chromium performance trace: the counts of
// elements styled, objects laid out, areas painted and images decoded. Unlike the step change's
// time, these do not move with the machine's load (ADR 042).

/** One event of Chromium's trace (the JSON Playwright's `browser.stopTracing()` returns). */
export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & {
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number; elementCount?: number };
    data?: Record<string, string | number | boolean | undefined>;
  };
};

/** The trace categories the counts need; `why` adds the invalidation tracking that names each element and its reason. */
export const traceCategories = (why = false) => [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  ...(why ? ["disabled-by-default-devtools.timeline.invalidationTracking"] : []),
];

/** A window of the page's main thread, in the trace's clock (µs). */
export type TraceWindow = { from: number; to: number };

export type FrameCounts = {
  /** Elements whose style was recalculated (UpdateLayoutTree's elementCount, added up). */
  styled: number;
  /** Style recalculations (UpdateLayoutTree events). */
  recalcs: number;
  /** Layout objects laid out (Layout's dirtyObjects, added up), and how many the tree held. */
  laidOut: number;
  layoutObjects: number;
  /** Layouts (Layout events). */
  layouts: number;
  /** Paint events (one per layer painted), and the element each painted layer belongs to. */
  paints: number;
  painted: Record<string, number>;
  /** Images decoded. */
  decodes: number;
  /** Elements the invalidation tracking named, by reason (only in a trace taken with `why`). */
  why: Record<string, number>;
};

const inside = (e: TraceEvent, w: TraceWindow) => e.ts >= w.from && e.ts <= w.to;

/** The renderer main thread that holds the `mark` user-timing marks: the page's own. */
export function pageThread(events: TraceEvent[], mark: string): { pid: number; tid: number } {
  const marked = events.find((e) => e.name === mark && e.cat.includes("blink.user_timing"));
  if (!marked) throw new Error(`no "${mark}" mark in the trace`);
  return { pid: marked.pid, tid: marked.tid };
}

/** The counts of the page's main thread inside the window. */
export function countFrameWork(events: TraceEvent[], thread: { pid: number; tid: number }, window: TraceWindow): FrameCounts {
  const mine = events.filter((e) => e.pid === thread.pid && inside(e, window));
  const counts: FrameCounts = { styled: 0, recalcs: 0, laidOut: 0, layoutObjects: 0, layouts: 0, paints: 0, painted: {}, decodes: 0, why: {} };
  for (const e of mine) {
    const onMain = e.tid === thread.tid;
    if (onMain && e.name === "UpdateLayoutTree" && e.ph !== "E") {
      counts.recalcs++;
      counts.styled += Number(e.args?.elementCount ?? e.args?.beginData?.elementCount ?? 0);
    } else if (onMain && e.name === "Layout" && e.ph !== "E") {
      counts.layouts++;
      counts.laidOut += Number(e.args?.beginData?.dirtyObjects ?? 0);
      counts.layoutObjects = Math.max(counts.layoutObjects, Number(e.args?.beginData?.totalObjects ?? 0));
    } else if (onMain && e.name === "Paint" && e.ph !== "E") {
      counts.paints++;
      // (Its clip is in the layer's own space, often unbounded: not an area on the screen.)
      const layer = String(e.args?.data?.nodeName ?? "?");
      counts.painted[layer] = (counts.painted[layer] ?? 0) + 1;
    } else if (/^(Decode Image|ImageDecodeTask|Decode LazyPixelRef)$/.test(e.name) && e.ph !== "E") {
      // Image decodes run on raster threads too: any thread of the page's process counts.
      counts.decodes++;
    } else if (onMain && /InvalidationTracking$/.test(e.name)) {
      const data = e.args?.data ?? {};
      const reason = String(data.reason ?? data.changedPseudo ?? data.changedAttribute ?? data.changedClass ?? data.changedId ?? "?");
      const key = `${e.name.replace(/InvalidationTracking$/, "")}: ${String(data.nodeName ?? "?")} — ${reason}`;
      counts.why[key] = (counts.why[key] ?? 0) + 1;
    }
  }
  return counts;
}
