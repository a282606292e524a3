import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { orderView, sessionPaymentView } from "#schemas/api/payments.ts";
import { api } from "../api/client.ts";

export type OrderView = z.infer<typeof orderView>;

const orderKeys = {
  all: ["orders"] as const,
  detail: (id: string) => [...orderKeys.all, "detail", id] as const,
};

/** One order as the server sees it. Only the server's answer counts: a URL never says "paid". */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderView>(`/orders/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });

export type SessionPayment = z.infer<typeof sessionPaymentView>;

/**
 * Whether a quiz session's report is already paid for or included, and the logged-in owner's plan
 * that would include it: the pre-checkout and payment steps ask before offering to pay.
 */
export const sessionPaymentQueryOptions = (sessionId: string | null) =>
  queryOptions({
    queryKey: [...orderKeys.all, "session", sessionId] as const,
    queryFn: ({ signal }) => api.get<SessionPayment>(`/quiz/sessions/${encodeURIComponent(sessionId ?? "")}/payment`, { signal }),
    enabled: sessionId !== null,
    staleTime: 0,
    retry: false,
  });

/** Takes a finished quiz's report through the logged-in customer's plan (ADR 017): no payment. */
export const includeReportInPlan = (sessionId: string) =>
  api.post<{ included: true; plan_name: string }>(`/quiz/sessions/${encodeURIComponent(sessionId)}/include-report`, {});

/**
 * Asks the server for a hosted checkout of one plan, in the currency the visitor was shown; the
 * price itself comes from the server's own list.
 */
export const startCheckout = (productId: string, sessionId: string | null, currency?: string) =>
  api.post<{ order_id: string; url: string }>("/checkout/start", {
    product_id: productId,
    ...(sessionId ? { session_id: sessionId } : {}),
    ...(currency ? { currency } : {}),
  });

/** The last checkout this browser started: lets the funnel and the declined page pick up after the provider. */
export type CheckoutRecord = { order_id: string; product_id: string; flow_code: string | null; session_id: string | null };

const KEY = "pathwise:checkout";

export function rememberCheckout(record: CheckoutRecord): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // Storage disabled: the order-redirect page still works from the URL.
  }
}

export function lastCheckout(): CheckoutRecord | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CheckoutRecord>;
    if (typeof value.order_id !== "string" || typeof value.product_id !== "string") return null;
    return {
      order_id: value.order_id,
      product_id: value.product_id,
      flow_code: typeof value.flow_code === "string" ? value.flow_code : null,
      session_id: typeof value.session_id === "string" ? value.session_id : null,
    };
  } catch {
    return null;
  }
}

export function forgetCheckout(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
