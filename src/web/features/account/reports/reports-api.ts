import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { reportListItem, reportStatus } from "#schemas/api/reports.ts";
import type { ReportDocument } from "#schemas/report/document.ts";
import { api } from "#web/shared/api/client.ts";
import type { Paper } from "#web/shared/report/paper.ts";

export type ReportListItem = z.infer<typeof reportListItem>;
export type ReportStatus = z.infer<typeof reportStatus>;

/**
 * The report shown at `paths.accountExampleReport`: the career test's (flows/career.yaml,
 * `report: career_riasec`), the test the empty state and the example's banner lead to.
 */
export const EXAMPLE_REPORT_CODE = "career_riasec";

/** While a report is being prepared, the list asks again this often. */
const REPORTS_POLL_MS = 2500;

export const isPreparing = (status: ReportStatus) => status === "queued" || status === "generating";

const reportKeys = {
  all: ["account-reports"] as const,
  list: () => [...reportKeys.all, "list"] as const,
  detail: (promptCode: string) => [...reportKeys.all, "detail", promptCode] as const,
  example: (promptCode: string) => [...reportKeys.all, "example", promptCode] as const,
};

/** The customer's reports, newest first as the server sends them; polls while one is being prepared. */
export const reportListQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.list(),
    queryFn: ({ signal }) => api.get<ReportListItem[]>("/customer/latest-reports", { signal }),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.some((r) => isPreparing(r.status)) ? REPORTS_POLL_MS : false),
  });

/** The customer's latest ready report of one kind (404 when there is none). */
export const reportQueryOptions = (promptCode: string) =>
  queryOptions({
    queryKey: reportKeys.detail(promptCode),
    queryFn: ({ signal }) => api.get<ReportDocument>(`/customer/reports/${encodeURIComponent(promptCode)}`, { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** The example report of a kind: an imagined profile, labelled as an example in its subtitle. */
export const exampleReportQueryOptions = (promptCode: string) =>
  queryOptions({
    queryKey: reportKeys.example(promptCode),
    queryFn: ({ signal }) => api.get<ReportDocument>(`/prompts/${encodeURIComponent(promptCode)}/example`, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The PDF download of the customer's latest ready report of one kind. */
export const reportPdfUrl = (promptCode: string, paper: Paper) =>
  `/api/customer/reports/${encodeURIComponent(promptCode)}/pdf?${new URLSearchParams({ paper })}`;

/** The PDF download of a kind's example report; `ts` is the cache-buster the API accepts. */
export const examplePdfUrl = (promptCode: string, paper: Paper, ts: number) =>
  `/api/prompts/${encodeURIComponent(promptCode)}/default?${new URLSearchParams({ paper, ts: String(ts) })}`;
