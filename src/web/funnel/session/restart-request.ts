import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { asksRestart, withoutRestart } from "#engine/flow/routes.ts";
import { forgetProgress } from "./persistence.ts";

/**
 * The restart link ("Take the test again", `restartPath` in src/engine/flow/routes.ts, ADR 077)
 * opened on a funnel's page: the browser's saved run of the flow is dropped before a runner reads
 * it, the address loses the request (UTM tags stay), and the count of restarts asked on this page
 * goes up, so the page runs the flow anew in a fresh session (src/web/funnel/FunnelPage.tsx). One request is taken
 * once, whatever the runner's first move does with the address until the request is gone from it.
 */
export function useRestartRequest(code: string): number {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const asked = asksRestart(search);
  const [taken, setTaken] = useState({ count: 0, pending: false });
  if (asked !== taken.pending) {
    // Taken while rendering, so the runner drawn in this render is already the new one.
    if (asked) forgetProgress(code);
    setTaken({ count: taken.count + (asked ? 1 : 0), pending: asked });
  }
  useEffect(() => {
    if (asked) void navigate({ pathname, search: withoutRestart(search), hash }, { replace: true });
  }, [asked, navigate, pathname, search, hash]);
  return taken.count;
}

/** Before a funnel's page is first drawn (its route's loader): a restart link drops the saved run, so nothing prepares for resuming it. */
export function forgetProgressIfRestart(code: string, search: string): void {
  if (asksRestart(search)) forgetProgress(code);
}
