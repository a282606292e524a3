import { z } from "zod";
import { funnelReportQuery } from "./admin-funnels.ts";

/**
 * A funnel drawn as its graph (ADR 063, docs/analytics.md "Funnel graph"): the steps and
 * transitions of the flow's compiled machine, with what the runs of a window did on them.
 * `GET /api/admin/funnels/:code/graph`, the page at /admin/funnels/:code/graph.
 */

/** The window as the funnel figures take it, and one variant (`<experiment>:<variant>`) to keep only its runs. */
export const funnelGraphQuery = z.strictObject({
  since: funnelReportQuery.shape.since,
  until: funnelReportQuery.shape.until,
  variant: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,62}:[a-z][a-z0-9_-]{0,62}$/)
    .optional()
    .describe("`<experiment id>:<variant id>`: only the runs assigned that variant"),
});

const graphNode = z.object({
  id: z.string(),
  title: z.string().describe("The step's title as visitors read it (its id when it has none)"),
  kind: z.string(),
  visitors: z.number().int().describe("Runs that saw the step (every run saw the first one)"),
  left: z.number().int().describe("Runs that ended here without paying (no reason known, a declined payment or a refused checkout); 0 from the result step on"),
});

const graphEdge = z.object({
  from: z.string(),
  to: z.string(),
  visitors: z.number().int().describe("Runs that went from `from` straight to `to` at least once"),
  by: z
    .enum(["answer", "trail"])
    .describe("answer: the step's NEXT (a branch); trail: BACK or GO_TO along steps already taken (the way back after a declined payment, the Back button)"),
  when: z.string().nullable().describe("The branch's condition in words, `otherwise` for a step's last branch; null when the step has one way on"),
});

const funnelGraph = z.object({
  flow: z.object({ code: z.string(), title: z.string() }),
  since: z.string(),
  until: z.string(),
  variant: z.string().nullable(),
  visitors: z.number().int().describe("Runs of the flow that started in the window (in the variant)"),
  nodes: z.array(graphNode).describe("Every step, in the flow's order"),
  edges: z
    .array(graphEdge)
    .describe("Every NEXT transition of the machine and each payment step's way back, taken or not; other moves along the trail only where runs made them"),
});
export type FunnelGraphView = z.infer<typeof funnelGraph>;
export const funnelGraphResponse = z.object({ data: funnelGraph });
