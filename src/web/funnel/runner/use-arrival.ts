import { useState } from "react";

/**
 * How the visitor came to the step they are on, from how the trail position `at` last changed:
 * `opened` (the page was opened there: a first visit, a reload, the return from a payment provider),
 * `forward` (a step answered, or the browser's Forward) or `back` (Back, in the page or the browser).
 * A step that passes on by itself reads it (the payment step, src/web/funnel/effects/use-payment-return.ts), so
 * Back can still reach it.
 */
export type Arrival = "opened" | "forward" | "back";

export function useArrival(at: number): Arrival {
  const [seen, setSeen] = useState<{ at: number; arrival: Arrival }>({ at, arrival: "opened" });
  if (seen.at === at) return seen.arrival;
  // Changed while rendering, so this very render reads the new step's arrival.
  const now = { at, arrival: at > seen.at ? ("forward" as const) : ("back" as const) };
  setSeen(now);
  return now.arrival;
}
