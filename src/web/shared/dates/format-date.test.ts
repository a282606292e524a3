import { describe, expect, it } from "vitest";
import { dateFormatter, datesHeldTogether, formatDate } from "./format-date.ts";

describe("dates as the app writes them", () => {
  it("holds a date's parts together: no space a line may break at", () => {
    expect(formatDate("2026-12-01T12:00:00.000Z")).toBe("December\u00a01,\u00a02026");
    expect(dateFormatter("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })("2026-12-01T12:00:00.000Z")).toBe(
      "1\u00a0December\u00a02026",
    );
    const withTime = dateFormatter("en-GB", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
    // A date with a time: each held together, a line may break only between the two.
    expect(withTime(new Date("2026-12-01T14:05:00.000Z"))).toBe("1\u00a0December at 14:05\u00a0UTC");
  });

  it("holds together the dates in a text written elsewhere, and leaves its other spaces", () => {
    expect(datesHeldTogether("Anxiety check (GAD-7) · 1 December 2026")).toBe("Anxiety check (GAD-7) · 1\u00a0December\u00a02026");
    expect(datesHeldTogether("renews on March 12, 2027.")).toBe("renews on March\u00a012,\u00a02027.");
    expect(datesHeldTogether("Example report for an imagined profile · Career interests")).toBe("Example report for an imagined profile · Career interests");
  });
});
