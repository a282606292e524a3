import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "#web/shared/api/client.ts";
import { sendPaidOrder } from "#web/shared/conversions/conversions.ts";
import { orderQueryOptions, type OrderView } from "#web/shared/money/orders.ts";

export type OrderPoll =
  { state: "missing" } | { state: "not_found" } | { state: "checking" } | { state: "slow"; retry: () => void } | { state: "done"; order: OrderView };

/**
 * Asks the server about an order every `intervalMs` until it is settled (paid, declined, under
 * review, refunded) or `timeoutMs` has passed. The answer comes only from the server: nothing here
 * trusts the URL that brought the visitor back. A paid order is reported as the purchase conversion.
 */
export function useOrderPoll(orderId: string | null, { intervalMs = 1000, timeoutMs = 60_000 } = {}): OrderPoll {
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [round, timeoutMs]);

  const query = useQuery({
    ...orderQueryOptions(orderId ?? ""),
    enabled: orderId !== null,
    retry: false,
    refetchInterval: (q) => (timedOut || (q.state.data && q.state.data.status !== "pending") || isFinal(q.state.error) ? false : intervalMs),
  });

  // The payment confirmed: the browser's purchase event (ADR 057), once per order whichever page or tab sees it.
  const paid = query.data?.status === "paid" ? query.data : null;
  useEffect(() => {
    if (paid) sendPaidOrder(paid);
  }, [paid]);

  if (!orderId) return { state: "missing" };
  if (isFinal(query.error)) return { state: "not_found" };
  const order = query.data;
  if (order && order.status !== "pending") return { state: "done", order };
  if (timedOut) {
    return {
      state: "slow",
      retry: () => {
        setTimedOut(false);
        setRound((r) => r + 1);
        void query.refetch();
      },
    };
  }
  return { state: "checking" };
}

/** Errors that asking again will not change: no such order, or not this visitor's. */
const isFinal = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
