import { queryOptions } from "@tanstack/react-query";
import type { BillingLine, Receipt } from "#schemas/api/billing.ts";
import { api } from "#web/shared/api/client.ts";

export type { BillingLine, Receipt };

const billingKeys = {
  all: ["billing"] as const,
  history: () => [...billingKeys.all, "history"] as const,
  receipt: (orderId: string) => [...billingKeys.all, "receipt", orderId] as const,
};

/** Every charge and refund of the logged-in customer, newest first. */
export const billingHistoryQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.history(),
    queryFn: ({ signal }) => api.get<BillingLine[]>("/customer/billing", { signal }),
    staleTime: 30_000,
  });

/** One charge's receipt (404 when it is not the customer's). */
export const receiptQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: billingKeys.receipt(orderId),
    queryFn: ({ signal }) => api.get<Receipt>(`/customer/billing/${encodeURIComponent(orderId)}`, { signal }),
    retry: false,
  });
