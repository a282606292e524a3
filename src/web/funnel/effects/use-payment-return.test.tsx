import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetCheckout, orderQueryOptions, rememberCheckout } from "#web/shared/money/orders.ts";
import type { Payment } from "../frame/view-model.ts";
import type { Arrival } from "../runner/use-arrival.ts";
import { usePaymentReturn } from "./use-payment-return.ts";

type Shown = { active: boolean; arrival: Arrival; payment: Payment | undefined };

/** The payment step's return handling as the runner mounts it (StepDataSource), with `advance` watched. */
function mount(first: Shown) {
  const advance = vi.fn();
  const client = new QueryClient();
  function Probe(props: Shown) {
    usePaymentReturn({ flowCode: "career", settled: true, advance, setError: () => {}, ...props });
    return null;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <Probe {...first} />
    </QueryClientProvider>,
  );
  const show = (next: Shown) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <Probe {...next} />
      </QueryClientProvider>,
    );
  return { advance, show, client };
}

describe("the payment step with nothing to pay", () => {
  it("come to going forward, paid for or included, passes straight on to the report, once each time", () => {
    for (const payment of ["paid", "included"] as const) {
      const { advance, show } = mount({ active: true, arrival: "forward", payment });
      expect(advance, payment).toHaveBeenCalledTimes(1);
      show({ active: true, arrival: "forward", payment });
      expect(advance).toHaveBeenCalledTimes(1);
      // On to the report and forward onto the step again (from the offer's "See your report"): on once more.
      show({ active: false, arrival: "forward", payment });
      show({ active: true, arrival: "forward", payment });
      expect(advance).toHaveBeenCalledTimes(2);
    }
  });

  it("come back to (Back from the report, or the page opened there), stays and lets the visitor go on", () => {
    for (const arrival of ["back", "opened"] as const) {
      const { advance, show } = mount({ active: true, arrival, payment: "paid" });
      show({ active: true, arrival, payment: "paid" });
      expect(advance, arrival).not.toHaveBeenCalled();
    }
  });

  it("with something to pay, or a plan already active, never moves on by itself", () => {
    for (const payment of [undefined, "plan_active"] as const) {
      const { advance } = mount({ active: true, arrival: "forward", payment });
      expect(advance).not.toHaveBeenCalled();
    }
  });

  it("waits for the payment state: forward onto the step, it moves on once the state says paid", () => {
    const { advance, show } = mount({ active: true, arrival: "forward", payment: undefined });
    expect(advance).not.toHaveBeenCalled();
    show({ active: true, arrival: "forward", payment: "paid" });
    expect(advance).toHaveBeenCalledTimes(1);
  });
});

describe("the payment step and this browser's last order for the flow, paid", () => {
  afterEach(() => {
    forgetCheckout();
    vi.unstubAllGlobals();
  });

  /** The order kept at checkout start; its state is never fetched here, only set as the server's answer. */
  function lastOrder() {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    rememberCheckout({ order_id: "ord_1", product_id: "career_report", flow_code: "career", session_id: null });
    return (client: QueryClient) => client.setQueryData(orderQueryOptions("ord_1").queryKey, { id: "ord_1", status: "paid" } as never);
  }

  it("opened there (back from the provider), moves on to the report once", () => {
    const paid = lastOrder();
    const { advance, show, client } = mount({ active: true, arrival: "opened", payment: undefined });
    expect(advance).not.toHaveBeenCalled();
    paid(client);
    show({ active: true, arrival: "opened", payment: undefined });
    expect(advance).toHaveBeenCalledTimes(1);
  });

  it("Back onto the step after passing it with nothing to pay: stays, whenever the order's state answers", () => {
    const paid = lastOrder();
    // Forward from the offer with the report paid for: on to the report before the order's state came.
    const { advance, show, client } = mount({ active: true, arrival: "forward", payment: "paid" });
    expect(advance).toHaveBeenCalledTimes(1);
    show({ active: false, arrival: "forward", payment: "paid" });
    // The order's state answers paid; then Back from the report onto the step.
    paid(client);
    show({ active: true, arrival: "back", payment: "paid" });
    show({ active: true, arrival: "back", payment: "paid" });
    expect(advance).toHaveBeenCalledTimes(1);
  });
});
