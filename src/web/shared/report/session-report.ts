import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { sessionReportView } from "#schemas/api/reports.ts";
import { api } from "../api/client.ts";

export type SessionReport = z.infer<typeof sessionReportView>;

/** While the paid report is being built, ask again this often. */
const BUILDING_POLL_MS = 2000;

/**
 * A quiz session's report as the server gives it: the full report once paid (null while it is
 * built), or the teaser. Polls while the full one is being prepared.
 */
export const sessionReportQueryOptions = (sessionId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ["reports", "session", sessionId] as const,
    queryFn: ({ signal }) => api.get<SessionReport>(`/quiz/sessions/${encodeURIComponent(sessionId ?? "")}/report`, { signal }),
    enabled: enabled && sessionId !== null,
    retry: false,
    staleTime: 0,
    refetchInterval: (q) => {
      const data = q.state.data;
      return data?.access === "full" && data.document === null && data.status !== "failed" && q.state.dataUpdateCount < 90 ? BUILDING_POLL_MS : false;
    },
  });

/** The PDF of a paid session's report; Letter for US and Canadian browsers, A4 elsewhere. */
export const sessionReportPdfUrl = (sessionId: string, paper: "a4" | "letter") =>
  `/api/quiz/sessions/${encodeURIComponent(sessionId)}/report.pdf?paper=${paper}`;

export const preferredPaper = (language: string = typeof navigator === "undefined" ? "en" : navigator.language): "a4" | "letter" =>
  /-(US|CA)$/i.test(language) ? "letter" : "a4";
