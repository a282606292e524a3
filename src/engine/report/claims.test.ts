import { describe, expect, it } from "vitest";
import type { ReportScale } from "#schemas/report/document.ts";
import { bottomOf, claimRank, placeOf, shapeOf, topOf } from "./claims.ts";

/** Scales as charted (highest first), named by letter, at these positions. */
const chart = (percents: Record<string, number>): ReportScale[] =>
  Object.entries(percents)
    .map(([id, percent]) => ({
      id,
      name: id.toUpperCase(),
      letter: id.toUpperCase(),
      score: percent,
      min: 0,
      max: 100,
      percent,
      band: null,
      higher_is: "neutral" as const,
      rank: 1,
    }))
    .sort((a, b) => b.percent - a.percent);
const ids = (scales: readonly ReportScale[]) => scales.map((s) => s.id);

describe("the claims rule (ADR 036)", () => {
  it("calls one scale ahead only by the gap or more; closer scales are level and named together", () => {
    expect(shapeOf(chart({ a: 90, b: 80, c: 40 }), 10).highest).toMatchObject({ outcome: "one", scales: [{ id: "a" }] });
    expect(shapeOf(chart({ a: 90, b: 81, c: 40 }), 10).highest).toMatchObject({ outcome: "tie", scales: [{ id: "a" }, { id: "b" }] });
    expect(shapeOf(chart({ a: 90, b: 81, c: 40 }), 10).lowest).toMatchObject({ outcome: "one", scales: [{ id: "c" }] });
  });

  it("measures most marked from the middle of the range: 0 is more marked than 64", () => {
    expect(ids(shapeOf(chart({ a: 64, b: 50, c: 0 }), 10).mostMarked!.scales)).toEqual(["c"]);
    expect(shapeOf(chart({ a: 100, b: 50, c: 0 }), 10).mostMarked).toMatchObject({ outcome: "tie", scales: [{ id: "a" }, { id: "c" }] });
  });

  it("a profile with every scale within the gap is flat: nothing is highest, lowest, most marked or on top", () => {
    const scales = chart({ a: 55, b: 50, c: 50, d: 46 });
    const shape = shapeOf(scales, 10);
    expect(shape).toMatchObject({ flat: true, highest: null, lowest: null, mostMarked: null });
    expect(topOf(scales, 3, shape)).toEqual([]);
    expect(scales.map((s) => placeOf(s, scales, shape))).toEqual(["level", "level", "level", "level"]);
    // One scale compares with nothing, so it is never flat.
    expect(shapeOf(chart({ a: 50 }), 10)).toMatchObject({ flat: false, highest: { outcome: "one" } });
  });

  it("a top set is measured from the top: fewer than k scales lead each of its scales by the gap", () => {
    const scales = chart({ a: 95, b: 90, c: 82, d: 75, e: 40, f: 10 });
    const shape = shapeOf(scales, 10);
    expect(ids(topOf(scales, 2, shape))).toEqual(["a", "b", "c"]);
    expect(ids(bottomOf(scales, 2, shape, topOf(scales, 2, shape)))).toEqual(["e", "f"]);
    expect(scales.map((s) => placeOf(s, scales, shape))).toEqual(["top", "top", "top", "middle", "bottom", "bottom"]);
    expect(scales.map((s) => claimRank(s, scales, 10))).toEqual([1, 1, 2, 3, 5, 6]);
  });

  it("a staircase of small steps is not chained: R 20, I 19, A 18, S 17, E 16, C 15 of 20", () => {
    // Positions 100, 95, 90, 85, 80, 75: each area is level with the next, the ends are 25 apart.
    const scales = chart({ r: 100, i: 95, a: 90, s: 85, e: 80, c: 75 });
    const shape = shapeOf(scales, 10);
    expect(ids(shape.highest!.scales)).toEqual(["r", "i"]);
    expect(ids(topOf(scales, 1, shape))).toEqual(["r", "i"]);
    expect(ids(topOf(scales, 2, shape))).toEqual(["r", "i", "a"]);
    expect(ids(topOf(scales, 3, shape))).toEqual(["r", "i", "a", "s"]);
    expect(scales.map((s) => placeOf(s, scales, shape))).toEqual(["top", "top", "top", "bottom", "bottom", "bottom"]);
  });

  it("never names a scale at both ends: one level with the highest is not among the lowest", () => {
    // A spread of 10–20 points: b is level with both a and c.
    const scales = chart({ a: 88, b: 81, c: 75, d: 75 });
    const shape = shapeOf(scales, 10);
    expect(ids(shape.highest!.scales)).toEqual(["a", "b"]);
    expect(ids(shape.lowest!.scales)).toEqual(["c", "d"]);
    expect(ids(bottomOf(scales, 1, shape))).toEqual(["c", "d"]);
  });
});
