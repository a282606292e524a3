import { describe, expect, it } from "vitest";
import type { TextStyle } from "./theme.ts";
import { wrapRuns, type Measure } from "./wrap-text.ts";

const plain: TextStyle = { font: "sans", size: 10, leading: 14, color: "#000" };
const bold: TextStyle = { ...plain, font: "sans-semibold", leading: 16 };
/** Every character is 1 point wide, so widths are lengths. */
const measure: Measure = (text) => Array.from(text).length;
const texts = (lines: ReturnType<typeof wrapRuns>) => lines.map((l) => l.segments.map((s) => s.text).join(""));

describe("wrapRuns", () => {
  it("breaks at spaces, never past the width, and drops the space at the end of a line", () => {
    const lines = wrapRuns([{ text: "the quick brown fox jumps", style: plain }], 10, measure);
    expect(texts(lines)).toEqual(["the quick", "brown fox", "jumps"]);
    expect(lines.every((l) => l.width <= 10)).toBe(true);
    expect(lines[0]!.height).toBe(14);
  });

  it("breaks after hyphens and slashes, and cuts a word longer than the line", () => {
    expect(texts(wrapRuns([{ text: "Łukasiewicz-O’Neill", style: plain }], 14, measure))).toEqual(["Łukasiewicz-", "O’Neill"]);
    expect(texts(wrapRuns([{ text: "https://www.bls.gov/oes/", style: plain }], 14, measure))).toEqual(["https://", "www.bls.gov/", "oes/"]);
    expect(texts(wrapRuns([{ text: "abcdefghij", style: plain }], 4, measure))).toEqual(["abcd", "efgh", "ij"]);
  });

  it("keeps no-break spaces and neighbouring runs without a space between them together", () => {
    expect(texts(wrapRuns([{ text: "aa bb\u00a0cc", style: plain }], 6, measure))).toEqual(["aa", "bb\u00a0cc"]);
    const lines = wrapRuns(
      [
        { text: "aaaa ", style: plain },
        { text: "bb", style: bold },
        { text: "cc dd", style: plain },
      ],
      7,
      measure,
    );
    expect(texts(lines)).toEqual(["aaaa", "bbcc dd"]);
    expect(lines[1]!.segments.map((s) => s.style.font)).toEqual(["sans-semibold", "sans"]);
    expect(lines[1]!.height).toBe(16);
  });

  it("joins words of one style into one segment and honours line breaks", () => {
    const lines = wrapRuns([{ text: "one two\nthree\n\nfour", style: plain }], 40, measure);
    expect(texts(lines)).toEqual(["one two", "three", "", "four"]);
    expect(lines[0]!.segments).toHaveLength(1);
    expect(lines[2]!.height).toBe(14);
  });

  it("gives one empty line for empty text", () => {
    expect(texts(wrapRuns([{ text: "", style: plain }], 10, measure))).toEqual([""]);
  });
});
