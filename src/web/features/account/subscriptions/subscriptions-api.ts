import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { subscriptionView } from "#schemas/api/payments.ts";
import { api } from "#web/shared/api/client.ts";

export type SubscriptionView = z.infer<typeof subscriptionView>;

const subscriptionKeys = {
  all: ["subscriptions"] as const,
  list: () => [...subscriptionKeys.all, "list"] as const,
};

/** The logged-in customer's subscriptions, newest first as the server sends them. */
export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.list(),
    queryFn: ({ signal }) => api.get<SubscriptionView[]>("/customer/subscriptions", { signal }),
    staleTime: 10_000,
  });

/**
 * Each change carries the key of the customer's intent (one per page visit), so a double click or a
 * retry after a lost answer changes the subscription once and gets the same answer.
 */
const once = (intent: string) => ({ headers: { "idempotency-key": intent } });

/** A new intent key for a page that changes a subscription. */
export const newIntent = () => `web-${crypto.randomUUID()}`;

export const pauseSubscription = (subId: string, months: number, intent: string) =>
  api.post<SubscriptionView>("/subscription/pause", { sub_id: subId, months }, once(`${intent}:pause:${months}`));

export const applyDiscount = (subId: string, percent: number, intent: string) =>
  api.post<SubscriptionView>("/subscription/discount/apply", { sub_id: subId, percent }, once(`${intent}:discount:${percent}`));

export const cancelSubscription = (subId: string, reason: string | null, intent: string) =>
  api.post<SubscriptionView>("/subscription/cancel", { sub_id: subId, reason }, once(`${intent}:cancel`));

export const restartSubscription = (subId: string, intent: string) =>
  api.post<SubscriptionView>("/subscription/restart", { sub_id: subId }, once(`${intent}:restart`));

/** A new checkout for a plan (an ended plan bought again): the provider's page to go to. */
export const startPlanCheckout = (productId: string) => api.post<{ order_id: string; url: string }>("/checkout/start", { product_id: productId });

/** One subscription from the list (`undefined` while loading, `null` when the customer has no such subscription). */
export function useSubscription(subId: string | null) {
  const query = useQuery(subscriptionsQueryOptions());
  const subscription = query.data ? (query.data.find((s) => s.id === subId) ?? null) : undefined;
  return { subscription, isError: query.isError, refetch: query.refetch };
}

/** After a change, the server's answer replaces the subscription in the list. */
export function useStoreSubscription() {
  const client = useQueryClient();
  return (changed: SubscriptionView) => {
    client.setQueryData(subscriptionKeys.list(), (list: SubscriptionView[] | undefined) => list?.map((s) => (s.id === changed.id ? changed : s)) ?? [changed]);
    void client.invalidateQueries({ queryKey: subscriptionKeys.all });
  };
}
