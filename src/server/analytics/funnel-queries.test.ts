import { describe, expect, it } from "vitest";
import { splitWindow } from "./funnel-queries.ts";

const d = (iso: string) => new Date(iso);

describe("splitWindow", () => {
  it("reads whole UTC days from the daily counts and the partial days at either end from the runs", () => {
    expect(splitWindow(d("2026-03-09T23:40:00Z"), d("2026-03-12T00:30:00Z"))).toEqual({
      days: { from: "2026-03-10", to: "2026-03-12" },
      edges: [
        [d("2026-03-09T23:40:00Z"), d("2026-03-10T00:00:00Z")],
        [d("2026-03-12T00:00:00Z"), d("2026-03-12T00:30:00Z")],
      ],
    });
  });

  it("has no partial day when the window starts and ends at midnight", () => {
    expect(splitWindow(d("2026-03-10T00:00:00Z"), d("2026-03-11T00:00:00Z"))).toEqual({ days: { from: "2026-03-10", to: "2026-03-11" }, edges: [] });
  });

  it("reads a window inside one day, or across one midnight without a whole day, from the runs alone", () => {
    expect(splitWindow(d("2026-03-10T08:00:00Z"), d("2026-03-10T09:00:00Z"))).toEqual({
      days: null,
      edges: [[d("2026-03-10T08:00:00Z"), d("2026-03-10T09:00:00Z")]],
    });
    expect(splitWindow(d("2026-03-09T20:00:00Z"), d("2026-03-10T04:00:00Z"))).toEqual({
      days: null,
      edges: [[d("2026-03-09T20:00:00Z"), d("2026-03-10T04:00:00Z")]],
    });
  });
});
