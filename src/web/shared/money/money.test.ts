import { describe, expect, it } from "vitest";
import { formatMoney, planTerms } from "./money.ts";

const trial = { trial_days: 7, period: "month" as const, first_amount: 199, renewal_amount: 2999 };

describe("plan terms in plain words", () => {
  it("a trial: today's charge for the trial days, then the renewal every period", () => {
    expect(planTerms({ ...trial, currency: "USD" })).toBe("US$1.99 today for 7 days, then US$29.99 every month until you cancel");
    expect(planTerms({ ...trial, currency: "EUR", first_amount: 199, renewal_amount: 2799 })).toBe(
      "€1.99 today for 7 days, then €27.99 every month until you cancel",
    );
    expect(planTerms({ ...trial, currency: "GBP", first_amount: 149, renewal_amount: 2499, trial_days: 1 })).toBe(
      "£1.49 today for 1 day, then £24.99 every month until you cancel",
    );
  });

  it("an introductory first period, and a plan that renews at the same price", () => {
    expect(planTerms({ trial_days: 0, period: "month", currency: "CAD", first_amount: 2699, renewal_amount: 3999 })).toBe(
      "CA$26.99 today for the first month, then CA$39.99 every month until you cancel",
    );
    expect(planTerms({ trial_days: 0, period: "quarter", currency: "AUD", first_amount: 7499, renewal_amount: 7499 })).toBe(
      "A$74.99 today, then A$74.99 every 3 months until you cancel",
    );
  });

  it("minor units become the currency's own amount", () => {
    expect(formatMoney(0, "USD")).toBe("US$0.00");
    expect(formatMoney(123456, "GBP")).toBe("£1,234.56");
    expect(formatMoney(123456789, "EUR")).toBe("€1,234,567.89");
    expect(formatMoney(2999, "CAD")).toBe("CA$29.99");
    expect(formatMoney(7499, "AUD")).toBe("A$74.99");
  });

  it("a refund is written with a minus sign; a currency without a symbol by its code", () => {
    expect(formatMoney(-1999, "USD")).toBe("−US$19.99");
    expect(formatMoney(-0, "USD")).toBe("US$0.00");
    expect(formatMoney(1200, "CHF")).toBe("CHF 12.00");
  });
});
