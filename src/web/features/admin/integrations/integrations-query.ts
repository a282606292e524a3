import { queryOptions } from "@tanstack/react-query";
import type { Integration, TestSent } from "#schemas/api/admin-integrations.ts";
import { api } from "#web/shared/api/client.ts";

const integrationKeys = { all: ["admin", "integrations"] as const };

/** Every destination and its deliveries; live, so asked again whenever the page regains focus. */
export const integrationsQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.all,
    queryFn: ({ signal }) => api.get<Integration[]>("/admin/integrations", { signal }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });

/** Sends one test event to a destination now; a refusal (not configured, no test code) is an ApiError with its reason. */
export const sendTestEvent = (destination: string) => api.post<TestSent>(`/admin/integrations/${encodeURIComponent(destination)}/test`, {});
