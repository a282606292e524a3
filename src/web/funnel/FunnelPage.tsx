import { useEffect, useState } from "react";
import { loadFlow } from "virtual:flows";
import type { CompiledFlow } from "../../engine/flow/types.ts";
import { logClient } from "../shared/log/log.ts";
import { PageLoading } from "../shared/ui/PageLoading.tsx";
import { FunnelRunner } from "./FunnelRunner.tsx";

/** Loads one flow's compiled JSON (its own small chunk) and runs it. */
export function FunnelPage({ code }: { code: string }) {
  const [flow, setFlow] = useState<CompiledFlow | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadFlow(code).then(
      (f: CompiledFlow) => live && setFlow(f),
      (error: unknown) => {
        logClient("error", `flow ${code} could not be loaded`, error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [code]);

  if (failed) {
    return (
      <main className="funnel-failed container" id="main">
        <h1>This test could not be loaded</h1>
        <p>Please check your connection and reload the page. Your answers so far are saved on this device.</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
  if (!flow) return <PageLoading />;
  return <FunnelRunner key={flow.hash} flow={flow} />;
}
