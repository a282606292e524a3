import { describe, expect, it } from "vitest";
import { medianOfCounts } from "./median.ts";

const counts = (pairs: [number, number][]) => new Map(pairs);

describe("medianOfCounts", () => {
  it("is the middle value of an odd count", () => {
    // 3, 5, 5, 9, 40
    expect(
      medianOfCounts(
        counts([
          [40, 1],
          [5, 2],
          [3, 1],
          [9, 1],
        ]),
      ),
    ).toBe(5);
  });

  it("is the mean of the two middle values of an even count, in whole seconds (half up), as every reader shows it", () => {
    // 2, 4, 6, 8
    expect(
      medianOfCounts(
        counts([
          [8, 1],
          [2, 1],
          [6, 1],
          [4, 1],
        ]),
      ),
    ).toBe(5);
    // 7, 7, 7, 12, 12, 12
    expect(
      medianOfCounts(
        counts([
          [12, 3],
          [7, 3],
        ]),
      ),
    ).toBe(10);
    // 3, 4: the CSV once said 3.5 where the page said 4 s.
    expect(
      medianOfCounts(
        counts([
          [3, 1],
          [4, 1],
        ]),
      ),
    ).toBe(4);
  });

  it("ignores values counted down to nothing, and has none for no values", () => {
    expect(
      medianOfCounts(
        counts([
          [1, 0],
          [30, 1],
        ]),
      ),
    ).toBe(30);
    expect(medianOfCounts(counts([]))).toBeNull();
    expect(medianOfCounts(counts([[4, 0]]))).toBeNull();
  });
});
