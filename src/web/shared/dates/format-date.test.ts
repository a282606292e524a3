import { describe, expect, it, vi } from "vitest";
import { dateFormatter, datesHeldTogether, formatDate } from "./format-date.ts";

describe("dates as the app writes them", () => {
  it("writes a day the British way, as e-mails and reports do, with no space a line may break at", () => {
    expect(formatDate("2026-12-01T12:00:00.000Z")).toBe("1\u00a0December\u00a02026");
    const withTime = dateFormatter({ day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
    // A date with a time: each held together, a line may break only between the two.
    expect(withTime(new Date("2026-12-01T14:05:00.000Z"))).toBe("1\u00a0December at 14:05\u00a0UTC");
  });

  it("holds a short month's date together as well (the console's moments)", () => {
    const moment = dateFormatter({
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    });
    expect(moment("2026-11-26T16:53:00.000Z")).toBe("26\u00a0Nov\u00a02026, 16:53\u00a0UTC");
  });

  it("holds together the dates in a text written elsewhere, and leaves its other spaces", () => {
    expect(datesHeldTogether("Anxiety check (GAD-7) · 1 December 2026")).toBe("Anxiety check (GAD-7) · 1\u00a0December\u00a02026");
    expect(datesHeldTogether("renews on 12 March 2027.")).toBe("renews on 12\u00a0March\u00a02027.");
    expect(datesHeldTogether("Example report for an imagined profile · Career interests")).toBe("Example report for an imagined profile · Career interests");
  });

  it("makes no Intl formatter until a date is written: a screen preloaded ahead pays nothing for it", async () => {
    vi.resetModules();
    const Made = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (...args: ConstructorParameters<typeof Made>) {
      return new Made(...args);
    });
    try {
      const dates = await import("./format-date.ts");
      const short = dates.dateFormatter({ day: "numeric", month: "short" });
      expect(made).not.toHaveBeenCalled();
      expect(dates.formatDate("2027-03-12T10:00:00.000Z")).toBe("12\u00a0March\u00a02027");
      expect(dates.formatDate("2027-03-13T10:00:00.000Z")).toBe("13\u00a0March\u00a02027");
      expect(made).toHaveBeenCalledTimes(1);
      expect(short("2027-03-12T10:00:00.000Z")).toBe("12\u00a0Mar");
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });
});
