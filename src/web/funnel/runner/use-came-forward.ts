import { useState } from "react";

/**
 * Whether the visitor came to the step they are on going forward (a step answered, or the browser's
 * Forward), not back to it nor by opening the page there: from how the trail position `at` last
 * changed. A step that passes on by itself only on the way forward reads it (the payment step with
 * nothing to pay, effects/use-payment-return.ts), so Back can still reach it.
 */
export function useCameForward(at: number): boolean {
  const [seen, setSeen] = useState({ at, forward: false });
  if (seen.at === at) return seen.forward;
  // Changed while rendering, so this very render reads the new step's arrival.
  const now = { at, forward: at > seen.at };
  setSeen(now);
  return now.forward;
}
