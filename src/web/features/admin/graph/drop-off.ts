/**
 * How much of a step's traffic left there, in three bands the graph colours a step by. Colours are
 * written out (not CSS variables) so the downloaded SVG looks the same on its own. Every fill takes
 * the graph's text (#17212b) at 12:1 or more; every border is 4.5:1 or more on white. A band is
 * also named by its mark and words, so colour is never the only signal.
 */
export type DropOff = { id: "none" | "few" | "some" | "many"; words: string; mark: string; fill: string; stroke: string; strokeWidth: number };

const BANDS: DropOff[] = [
  { id: "none", words: "no visitors", mark: "○", fill: "#f1f3f2", stroke: "#6f7e7a", strokeWidth: 1 },
  { id: "few", words: "under 10% left", mark: "●", fill: "#dcefe8", stroke: "#08564c", strokeWidth: 1.5 },
  { id: "some", words: "10% to 30% left", mark: "◆", fill: "#fbefd6", stroke: "#6e4a00", strokeWidth: 2 },
  { id: "many", words: "30% or more left", mark: "▲", fill: "#fbe3e1", stroke: "#9b1c1c", strokeWidth: 3 },
];

/** The band of a step that `visitors` saw and `left` ended on. */
export function dropOff(visitors: number, left: number): DropOff {
  if (visitors <= 0) return BANDS[0]!;
  const share = left / visitors;
  return share < 0.1 ? BANDS[1]! : share < 0.3 ? BANDS[2]! : BANDS[3]!;
}

/** The bands in order, for the legend. */
export const DROP_OFF_BANDS: readonly DropOff[] = BANDS;

/** The graph's own colours: text, lines, a transition nobody took. */
export const INK = { text: "#17212b", muted: "#4a5563", line: "#4a5563", unused: "#8c959f", background: "#ffffff" } as const;
