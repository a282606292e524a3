import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { paidContentView } from "#schemas/api/payments.ts";
import { api } from "#web/shared/api/client.ts";

export type PaidContent = z.infer<typeof paidContentView>;

/** Reports bought, subscriptions, and whether the account's content is unlocked now (ADR 017). */
export const paidContentQueryOptions = () =>
  queryOptions({
    queryKey: ["account-paid-content"] as const,
    queryFn: ({ signal }) => api.get<PaidContent>("/customer/paid-content", { signal }),
    staleTime: 10_000,
    retry: false,
  });
