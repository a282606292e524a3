import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Payment } from "../frame/view-model.ts";
import { usePaymentReturn } from "./use-payment-return.ts";

type Shown = { active: boolean; cameForward: boolean; payment: Payment | undefined };

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
  return { advance, show };
}

describe("the payment step with nothing to pay", () => {
  it("come to going forward, paid for or included, passes straight on to the report, once each time", () => {
    for (const payment of ["paid", "included"] as const) {
      const { advance, show } = mount({ active: true, cameForward: true, payment });
      expect(advance, payment).toHaveBeenCalledTimes(1);
      show({ active: true, cameForward: true, payment });
      expect(advance).toHaveBeenCalledTimes(1);
      // On to the report and forward onto the step again (from the offer's "See your report"): on once more.
      show({ active: false, cameForward: true, payment });
      show({ active: true, cameForward: true, payment });
      expect(advance).toHaveBeenCalledTimes(2);
    }
  });

  it("come back to (Back from the report, or the page opened there), stays and lets the visitor go on", () => {
    const { advance, show } = mount({ active: true, cameForward: false, payment: "paid" });
    show({ active: true, cameForward: false, payment: "paid" });
    expect(advance).not.toHaveBeenCalled();
  });

  it("with something to pay, or a plan already active, never moves on by itself", () => {
    for (const payment of [undefined, "plan_active"] as const) {
      const { advance } = mount({ active: true, cameForward: true, payment });
      expect(advance).not.toHaveBeenCalled();
    }
  });

  it("waits for the payment state: forward onto the step, it moves on once the state says paid", () => {
    const { advance, show } = mount({ active: true, cameForward: true, payment: undefined });
    expect(advance).not.toHaveBeenCalled();
    show({ active: true, cameForward: true, payment: "paid" });
    expect(advance).toHaveBeenCalledTimes(1);
  });
});
