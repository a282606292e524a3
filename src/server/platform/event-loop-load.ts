import { monitorEventLoopDelay } from "node:perf_hooks";

/** How long one measuring window lasts. */
const WINDOW_MS = 250;

/**
 * How late this process's event loop has been running lately (perf_hooks' event-loop delay): the
 * 90th percentile of the last finished window, in milliseconds. Background work (the report
 * worker) asks it before each piece and gives way while requests wait (ADR 040). The measuring
 * starts with the first caller and its timer never keeps the process alive.
 */
export function createEventLoopLoad() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let lastP90Ms = 0;
  let timer: NodeJS.Timeout | null = null;
  const start = () => {
    if (timer) return;
    histogram.enable();
    timer = setInterval(() => {
      lastP90Ms = histogram.count > 0 ? histogram.percentile(90) / 1e6 : 0;
      histogram.reset();
    }, WINDOW_MS);
    timer.unref();
  };
  return {
    delayMs(): number {
      start();
      return lastP90Ms;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      histogram.disable();
    },
  };
}

export type EventLoopLoad = ReturnType<typeof createEventLoopLoad>;
