import { describe, expect, it } from "vitest";
import { dateFormatter, formatDate } from "./format-date.ts";

describe("dates as the app writes them", () => {
  it("holds a date's parts together: no space a line may break at", () => {
    expect(formatDate("2026-12-01T12:00:00.000Z")).toBe("December\u00a01,\u00a02026");
    expect(dateFormatter("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })("2026-12-01T12:00:00.000Z")).toBe(
      "1\u00a0December\u00a02026",
    );
    const withTime = dateFormatter("en-GB", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
    expect(withTime(new Date("2026-12-01T14:05:00.000Z"))).not.toMatch(/ /);
  });
});
