import { queryOptions } from "@tanstack/react-query";
import type { WebhookCreateBody, WebhookCreated, WebhookDelivery, WebhookEndpoint } from "#schemas/api/admin-webhooks.ts";
import { api } from "#web/shared/api/client.ts";

const webhookKeys = {
  all: ["admin", "webhooks"] as const,
  deliveries: (id: string) => [...webhookKeys.all, id, "deliveries"] as const,
};

/** Every endpoint (never its secret). */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get<WebhookEndpoint[]>("/admin/webhooks", { signal }),
    staleTime: 0,
  });

/** An endpoint's latest deliveries; asked again every few seconds while one is still queued. */
export const deliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>(`/admin/webhooks/${encodeURIComponent(id)}/deliveries`, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === "queued") ? 3000 : false),
  });

const endpointPath = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

export const createWebhook = (body: WebhookCreateBody) => api.post<WebhookCreated>("/admin/webhooks", body);
export const setWebhookEnabled = (id: string, enabled: boolean) => api.post<WebhookEndpoint>(`${endpointPath(id)}/enabled`, { enabled });
export const deleteWebhook = (id: string) => api.post<{ id: string; cancelled: number }>(`${endpointPath(id)}/delete`, {});
export const sendAgain = (id: string, deliveryId: string) =>
  api.post<WebhookDelivery>(`${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/send-again`, {});
