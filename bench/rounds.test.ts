import { describe, expect, it } from "vitest";
import { budget, figureOfRounds, table } from "./figures.ts";
import { inTurns, ofRounds, perRoundRatios, turns } from "./rounds.ts";

describe("two sides measured in turns", () => {
  it("alternates which side goes first, round after round", () => {
    expect(turns(4, "bare", "app")).toEqual([
      ["bare", "app"],
      ["app", "bare"],
      ["bare", "app"],
      ["app", "bare"],
    ]);
  });

  it("runs the sides in that order and keeps each side's results in round order", async () => {
    const calls: string[] = [];
    const side = (name: string) => {
      let n = 0;
      return async () => {
        calls.push(name);
        return `${name}${n++}`;
      };
    };
    const results = await inTurns(3, { bare: side("bare"), app: side("app") });
    expect(calls).toEqual(["bare", "app", "app", "bare", "bare", "app"]);
    expect(results).toEqual({ bare: ["bare0", "bare1", "bare2"], app: ["app0", "app1", "app2"] });
  });

  it("keeps a ratio near its true value while the machine slows down under the bench", async () => {
    // Each measure the machine gives is 5 % slower than the one before: what a neighbour starting a
    // build does. One side is truly 0.6 of the other.
    let measures = 0;
    const machine = (rate: number) => async () => rate * (1 - 0.05 * measures++);
    const rounds = await inTurns(9, { bare: machine(1000), app: machine(600) });
    const { median, spread } = ofRounds(perRoundRatios(rounds.app, rounds.bare));
    expect(Math.abs(median - 0.6)).toBeLessThan(0.05);
    expect(spread.rounds).toBe(9);
    // Measured one side after the other, as before, the same drift reads less than half the truth.
    measures = 0;
    const sum = async (measure: () => Promise<number>) => {
      let total = 0;
      for (let r = 0; r < 9; r++) total += await measure();
      return total;
    };
    const bareAlone = await sum(machine(1000));
    expect((await sum(machine(600))) / bareAlone).toBeLessThan(0.3);
  });
});

describe("median and spread of rounds", () => {
  it("takes the middle round and reports the lowest and highest beside it", () => {
    expect(ofRounds([0.61, 0.22, 0.64, 0.62, 0.79])).toEqual({ median: 0.62, spread: { min: 0.22, max: 0.79, rounds: 5 } });
  });

  it("takes the mean of the two middle rounds of an even number", () => {
    expect(ofRounds([4, 1, 3, 2]).median).toBe(2.5);
  });

  it("pairs the rounds in order, and refuses sides with different numbers of rounds", () => {
    expect(perRoundRatios([300, 600], [1000, 1000])).toEqual([0.3, 0.6]);
    expect(() => perRoundRatios([1, 2], [1])).toThrow("2 rounds against 1");
  });

  it("judges the median against the budget and prints the spread beside it", () => {
    const f = figureOfRounds("api", "catalogue-vs-bare", "catalogue / bare", [0.61, 0.22, 0.64, 0.62, 0.79], "ratio", budget.min(0.6));
    expect(f).toMatchObject({ value: 0.62, pass: true, spread: { min: 0.22, max: 0.79, rounds: 5 } });
    expect(table([f])).toContain("| 0.62 ratio (0.22–0.79, 5 rounds) | ≥ 0.6 ratio | pass |");
  });
});
