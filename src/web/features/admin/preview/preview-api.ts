import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ReportPreviewBody, ReportTemplateSummary } from "#schemas/api/admin-previews.ts";
import type { ReportDocument } from "#schemas/report/document.ts";
import { api } from "#web/shared/api/client.ts";

/** Report templates as the console previews them (schemas/api/admin-previews.ts). Staff only, never cached. */
const previewKeys = {
  templates: ["admin", "report-templates"] as const,
  template: (code: string) => ["admin", "report-templates", code] as const,
  report: (code: string, body: ReportPreviewBody) => ["admin", "report-preview", code, body] as const,
};

export const reportTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: previewKeys.templates,
    queryFn: ({ signal }) => api.get<ReportTemplateSummary[]>("/admin/reports", { signal }),
    staleTime: 60_000,
  });

export const reportTemplateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: previewKeys.template(code),
    queryFn: ({ signal }) => api.get<ReportTemplateSummary>(`/admin/reports/${encodeURIComponent(code)}`, { signal }),
    retry: false,
    staleTime: 60_000,
  });

/**
 * The report a template makes for the example profile (no positions) or chosen positions, full or
 * as the teaser. Built on the server by the customers' engine; nothing is stored. The previous
 * report stays on screen while the next one is built.
 */
export const reportPreviewQueryOptions = (code: string, body: ReportPreviewBody, enabled = true) =>
  queryOptions({
    queryKey: previewKeys.report(code, body),
    // The layout rides with the document, so a report kept on screen while the next is built is drawn as what it is.
    queryFn: async ({ signal }) => ({
      layout: body.layout,
      document: await api.post<ReportDocument>(`/admin/reports/${encodeURIComponent(code)}/preview`, body, { signal }),
    }),
    enabled,
    retry: false,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
