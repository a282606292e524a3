import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { FollowUpCounts } from "#schemas/api/admin-follow-ups.ts";
import type { ExperimentPlan, FlowListing, FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { api } from "#web/shared/api/client.ts";

/** What the analytics page asks for: a window (ISO date-times), what to split by (the API's `by` and `then_by`, or none) and a segment. */
export type ReportRequest = { since: string; until: string; by: string | null; thenBy?: string; segment?: string };

const adminFunnelKeys = {
  all: ["admin", "funnels"] as const,
  flows: () => [...adminFunnelKeys.all, "flows"] as const,
  report: (code: string, request: ReportRequest) => [...adminFunnelKeys.all, "report", code, request] as const,
  followUps: (code: string) => [...adminFunnelKeys.all, "follow-ups", code] as const,
  plan: (code: string, ask: PlanRequest) => [...adminFunnelKeys.all, "plan", code, ask] as const,
};

/** The planner's question: rates as fractions (0.05 = 5%), the window the traffic is read from. */
export type PlanRequest = { baseline: number; lift: number; variants: number; since: string; until: string };

/** The report's query string, shared by the JSON call and the CSV download link. */
function reportQuery(request: ReportRequest, format: "json" | "csv"): Record<string, string> {
  return {
    since: request.since,
    until: request.until,
    ...(request.by ? { by: request.by } : {}),
    ...(request.thenBy ? { then_by: request.thenBy } : {}),
    ...(request.segment ? { segment: request.segment } : {}),
    format,
  };
}

/** The flows page's listing; figures are live, so it is never taken from cache without asking again on focus. */
export const flowsQueryOptions = () =>
  queryOptions({
    queryKey: adminFunnelKeys.flows(),
    queryFn: ({ signal }) => api.get<FlowListing[]>("/admin/funnels", { signal }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });

/** One flow's figures for a window and grouping; the previous figures stay on screen while new ones load. */
export const funnelReportQueryOptions = (code: string, request: ReportRequest) =>
  queryOptions({
    queryKey: adminFunnelKeys.report(code, request),
    queryFn: ({ signal }) => api.get<FunnelReportView>(`/admin/funnels/${encodeURIComponent(code)}/report`, { query: reportQuery(request, "json"), signal }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
    placeholderData: keepPreviousData,
  });

/** The same figures as a CSV file (the step and group tables), for the download link. */
export function funnelReportCsvUrl(code: string, request: ReportRequest): string {
  return `/api/admin/funnels/${encodeURIComponent(code)}/report?${new URLSearchParams(reportQuery(request, "csv"))}`;
}

/** A flow's follow-up e-mails and what came of them (ADR 060), all time. */
export const followUpsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: adminFunnelKeys.followUps(code),
    queryFn: ({ signal }) => api.get<FollowUpCounts[]>(`/admin/funnels/${encodeURIComponent(code)}/follow-ups`, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });

/** The sample-size planner's answer for a flow (ADR 064). */
export const experimentPlanQueryOptions = (code: string, ask: PlanRequest) =>
  queryOptions({
    queryKey: adminFunnelKeys.plan(code, ask),
    queryFn: ({ signal }) =>
      api.get<ExperimentPlan>(`/admin/funnels/${encodeURIComponent(code)}/plan`, {
        query: { baseline: String(ask.baseline), lift: String(ask.lift), variants: String(ask.variants), since: ask.since, until: ask.until },
        signal,
      }),
  });
