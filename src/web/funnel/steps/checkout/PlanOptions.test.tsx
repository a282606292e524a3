import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import type { ProductView } from "#web/shared/money/money.ts";
import { StepScreen } from "#web/funnel/frame/StepScreen.tsx";
import { PlanOptions } from "./PlanOptions.tsx";

const plan = (over: Partial<ProductView>): ProductView => ({
  id: "trial_7d",
  name: "7-day trial",
  summary: "Try everything for 7 days for a small fee.",
  includes: ["Your full report"],
  badge: null,
  most_popular: true,
  preselected: false,
  trial_days: 7,
  period: "month",
  currency: "USD",
  first_amount: 199,
  renewal_amount: 2999,
  ...over,
});

const usd = [
  plan({}),
  plan({
    id: "quarter_3",
    name: "3 months",
    badge: "Best value",
    most_popular: false,
    trial_days: 0,
    period: "quarter",
    first_amount: 4999,
    renewal_amount: 4999,
  }),
];
const eur = [
  plan({ currency: "EUR", renewal_amount: 2799 }),
  plan({ id: "month_1", name: "1 month", most_popular: false, trial_days: 0, currency: "EUR", first_amount: 1899, renewal_amount: 2799 }),
];

const flow = compiledForTest({
  code: "plans_flow",
  topic: "career",
  title: "Plans flow",
  version: 1,
  paths: { start: "/plans" },
  report: "plans_report",
  answerSets: {},
  steps: [
    {
      id: "pre",
      kind: "pre_checkout",
      title: "Your report is ready",
      includes: [
        { text: "Your full profile", delivers: "profile" },
        { text: "Matched professions", delivers: "professions" },
      ],
      cta: "Continue to payment",
      next: "pay",
    },
    { id: "pay", kind: "payment", title: "Secure payment", next: "done" },
    { id: "done", kind: "result", title: "Done" },
  ],
});

function show(stepId: string, options: { plans?: ProductView[]; plansStatus?: "loading" | "error"; answers?: Record<string, string> } = {}) {
  const onAnswer = vi.fn();
  const onRetryPlans = vi.fn();
  render(
    <MemoryRouter>
      <StepScreen
        flow={flow}
        stepId={stepId}
        answers={options.answers ?? {}}
        t={(c) => c}
        onAnswer={onAnswer}
        onBack={null}
        loaded={{ plans: options.plans, plansStatus: options.plansStatus, onRetryPlans }}
      />
    </MemoryRouter>,
  );
  return { onAnswer, onRetryPlans, user: userEvent.setup() };
}

describe("pre-checkout plan cards", () => {
  it("a radio group of plans, each named, with today's charge and the renewal in plain words (US dollars)", () => {
    show("pre", { plans: usd });
    const group = screen.getByRole("radiogroup", { name: "Choose your plan" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("aria-labelledby") && document.getElementById(r.getAttribute("aria-labelledby")!)?.textContent)).toEqual([
      "7-day trial",
      "3 months",
    ]);
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    const trial = screen.getByRole("radio", { name: "7-day trial" });
    expect(document.getElementById(trial.getAttribute("aria-describedby")!)?.textContent).toBe(
      "US$1.99 today for 7 days, then US$29.99 every month until you cancel.",
    );
    expect(group.textContent).toContain("US$49.99 today, then US$49.99 every 3 months until you cancel.");
  });

  it('"Most popular" only on the plan the server counted as such, and on none when it counted none', () => {
    const { unmount } = render(<PlanOptions plans={usd} selected={undefined} onSelect={() => {}} labelledBy="none" />);
    const cards = screen.getAllByRole("radio").map((r) => r.closest("label")!);
    expect(cards.map((c) => [...c.querySelectorAll(".plan__badge")].map((b) => b.textContent))).toEqual([["Most popular"], ["Best value"]]);
    unmount();
    render(<PlanOptions plans={usd.map((p) => ({ ...p, most_popular: false }))} selected={undefined} onSelect={() => {}} labelledBy="none" />);
    expect(document.body.textContent).not.toContain("Most popular");
  });

  it("prices follow the plans' currency (euros)", () => {
    show("pre", { plans: eur });
    const group = screen.getByRole("radiogroup", { name: "Choose your plan" });
    expect(group.textContent).toContain("€1.99 today for 7 days, then €27.99 every month until you cancel.");
    expect(group.textContent).toContain("€18.99 today for the first month, then €27.99 every month until you cancel.");
  });

  it("how to cancel and the terms and refund links come before any payment detail", () => {
    show("pre", { plans: usd });
    expect(screen.getByText(/Cancel any time in your account, in two clicks/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terms of service" }).getAttribute("href")).toBe("/terms-of-service");
    expect(screen.getByRole("link", { name: "Refund policy" }).getAttribute("href")).toBe("/refund-policy");
    expect(screen.queryByLabelText(/card/i)).toBeNull();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toContain("Matched professions");
  });

  it("nothing is chosen for the visitor: Continue asks for a plan, then answers with its product id", async () => {
    const { onAnswer, user } = show("pre", { plans: usd });
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toBe("Choose a plan to continue.");
    await user.click(screen.getByRole("radio", { name: "3 months" }));
    expect(screen.getByText(/You pay US\$49.99 today, then US\$49.99 every 3 months/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(onAnswer).toHaveBeenCalledWith("quarter_3");
  });

  it("the session's offer: its plans in the server's order, its preselected plan chosen, Continue answers with it (ADR 065)", async () => {
    const offer = [{ ...usd[1]!, preselected: true }, usd[0]!];
    const { onAnswer, user } = show("pre", { plans: offer });
    const radios = within(screen.getByRole("radiogroup", { name: "Choose your plan" })).getAllByRole<HTMLInputElement>("radio");
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ["quarter_3", true],
      ["trial_7d", false],
    ]);
    expect(screen.getByText(/You pay US\$49.99 today, then US\$49.99 every 3 months/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(onAnswer).toHaveBeenCalledWith("quarter_3");
    // The visitor's own earlier choice wins over the preselection (Back from the payment step).
    document.body.innerHTML = "";
    show("pre", { plans: offer, answers: { pre: "trial_7d" } });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "7-day trial" }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "3 months" }).checked).toBe(false);
  });

  it("keyboard: arrow keys move between plans", async () => {
    const { onAnswer, user } = show("pre", { plans: usd, answers: { pre: "trial_7d" } });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "7-day trial" }).checked).toBe(true);
    screen.getByRole("radio", { name: "7-day trial" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "3 months" }).checked).toBe(true);
    await user.keyboard("{Enter}");
    expect(onAnswer).toHaveBeenCalledWith("quarter_3");
  });

  it("loading and failure states say what is happening; a failure can be retried", async () => {
    show("pre", { plansStatus: "loading" });
    expect(screen.getByRole("status").textContent).toContain("Loading the plans");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Continue to payment" }).disabled).toBe(true);
    document.body.innerHTML = "";
    const { onRetryPlans, user } = show("pre", { plansStatus: "error" });
    expect(screen.getAllByRole("alert")[0]!.textContent).toContain("We could not load the plans");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetryPlans).toHaveBeenCalled();
  });

  it("payment step: the chosen plan's first charge and renewal before the hand-off", () => {
    show("pay", { plans: usd, answers: { pre: "trial_7d" } });
    const summary = screen.getByRole("region", { name: "7-day trial" });
    expect(summary.textContent).toContain("US$1.99 for 7 days");
    expect(summary.textContent).toContain("US$29.99 every month, until you cancel");
    expect(screen.getByRole("button", { name: "Continue to secure checkout" })).toBeTruthy();
  });
});
