// Two sides of a ratio measured in turns (ADR 074): both warmed up, then several short rounds,
// alternating which side goes first, so a neighbour's load on a shared machine falls on both alike.
// The figure is the median of the per-round values, and the spread says how far the rounds agree.

/** The lowest and the highest of the per-round values, and how many rounds there were. */
export type Spread = { min: number; max: number; rounds: number };

/** The order the two sides take in each round: a b, b a, a b, … */
export function turns<K extends string>(rounds: number, a: K, b: K): [K, K][] {
  return Array.from({ length: rounds }, (_, r) => (r % 2 === 0 ? [a, b] : [b, a]));
}

/** The middle of the values (the mean of the two middle ones when their number is even). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((x, y) => x - y);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : NaN;
}

/** The median of per-round values and their spread. */
export function ofRounds(values: readonly number[]): { median: number; spread: Spread } {
  return { median: median(values), spread: { min: Math.min(...values), max: Math.max(...values), rounds: values.length } };
}

/** Each round's `top` / `bottom`, the rounds paired in order. */
export function perRoundRatios(top: readonly number[], bottom: readonly number[]): number[] {
  if (top.length !== bottom.length) throw new Error(`${top.length} rounds against ${bottom.length}`);
  return top.map((t, r) => t / bottom[r]!);
}

/**
 * Runs `rounds` rounds of the two sides in turns (see `turns`) and returns what each side's
 * measure gave in each round, in round order.
 */
export async function inTurns<K extends string, R>(rounds: number, sides: Record<K, () => Promise<R>>): Promise<Record<K, R[]>> {
  const [a, b] = Object.keys(sides) as K[];
  if (a === undefined || b === undefined) throw new Error("inTurns takes two sides");
  const results = { [a]: [], [b]: [] } as unknown as Record<K, R[]>;
  for (const order of turns(rounds, a, b)) for (const side of order) results[side].push(await sides[side]());
  return results;
}
