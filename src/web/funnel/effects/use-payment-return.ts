import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { forgetCheckout, lastCheckout, orderQueryOptions } from "#web/shared/money/orders.ts";
import { nothingToPay, type Payment } from "../frame/view-model.ts";
import type { Arrival } from "../runner/use-arrival.ts";

/**
 * On a step that waits for a paid return (the payment step): opened there — back from the provider —
 * with this browser's last order for the flow paid, the step moves on by itself; and so it does when
 * the visitor comes to it going forward with nothing to pay — the report paid for or included in
 * their plan — so "See your report" at the offer leads to the report, not to a payment page. Back
 * onto the step, it never moves on (whenever the order's state answers), and says why there is
 * nothing to pay. Only once the URL shows the step (`settled`), so a redirect to it still under way
 * cannot undo the move.
 */
export function usePaymentReturn(options: {
  flowCode: string;
  active: boolean;
  settled: boolean;
  arrival: Arrival;
  payment: Payment | undefined;
  advance: () => void;
  setError: (message: string | null) => void;
}) {
  const { flowCode, active, settled, arrival, payment, advance, setError } = options;
  const paid = usePaidOrder(flowCode, active, setError);
  const moved = useRef<string | null>(null);
  useEffect(() => {
    if (!active || !paid || !settled || arrival === "back" || moved.current === paid) return;
    moved.current = paid;
    forgetCheckout();
    advance();
  }, [active, advance, arrival, paid, settled]);

  // Nothing to pay: straight on to the report, once for each time the visitor comes to the step.
  const passed = useRef(false);
  useEffect(() => {
    if (!active) {
      passed.current = false;
      return;
    }
    if (arrival !== "forward" || !nothingToPay(payment) || !settled || paid || passed.current) return;
    passed.current = true;
    advance();
  }, [active, advance, arrival, paid, payment, settled]);
}

/**
 * The order this browser last sent to checkout for this flow (kept at checkout start): polled for
 * a short while, it answers its id once the server says it is paid. A declined order is
 * forgotten, with a word to the visitor.
 */
function usePaidOrder(flowCode: string, active: boolean, setError: (message: string | null) => void): string | null {
  const [record] = useState(() => lastCheckout());
  const orderId = active && record?.flow_code === flowCode ? record.order_id : null;
  const order = useQuery({
    ...orderQueryOptions(orderId ?? ""),
    enabled: orderId !== null,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === "pending" && q.state.dataUpdateCount < 30 ? 2000 : false),
  });
  const status = order.data?.status;
  useEffect(() => {
    if (status !== "declined") return;
    forgetCheckout();
    setError("Your last payment did not go through, and you have not been charged. You can try again below.");
  }, [setError, status]);
  return status === "paid" && orderId ? orderId : null;
}
