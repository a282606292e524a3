import type { ExperimentVerdictView } from "#schemas/api/admin-funnels.ts";

/**
 * An experiment's verdict (ADR 064) for the tests of what reads it: the console's page
 * (src/web/features/admin/funnels/admin-fixtures.ts) and the command's text and HTML
 * (src/server/analytics/render/render-funnel-text.test.ts). Variant b wins on paid conversion, its refund
 * rate is flagged, and the YAML change that rolls it out is the one the page and the text print.
 */
export const winningExperiment = (id: string): ExperimentVerdictView => ({
  id,
  status: "running",
  started: "2026-11-02",
  stopped: null,
  rolledOut: null,
  decideOn: "paid",
  smallestLift: 0.1,
  verdict: "wins",
  winner: "b",
  visitorsPerVariant: 60_754,
  visitorsStillNeeded: null,
  daysStillNeeded: null,
  flagged: [{ group: "b", metric: "refund_rate" }],
  rollout: {
    variant: "b",
    diff: [
      { sign: " ", line: `  - id: ${id}` },
      { sign: "+", line: "    status: rolled_out" },
      { sign: "+", line: "    rolled_out: b" },
      { sign: " ", line: "    started: 2026-11-02" },
      { sign: "+", line: "    stopped: 2026-11-27" },
    ],
  },
});
