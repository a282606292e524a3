import type { TextStyle } from "./theme.ts";

/** A piece of text in one style; a paragraph is a list of runs. */
export type Run = { text: string; style: TextStyle };
type Segment = { text: string; style: TextStyle; width: number };
export type Line = { segments: Segment[]; width: number; height: number };
export type Measure = (text: string, style: TextStyle) => number;

/** White space a line may break at: any but the no-break space. */
const SPACE = "[^\\S\\u00a0]";
/**
 * Where a line may break: after white space, and after a hyphen, dash or slash inside a word or an
 * address ("Łukasiewicz-|O’Neill", "https://www.bls.gov/|oes/"). A word longer than the line is cut
 * between characters as a last resort, so nothing ever runs past the frame.
 */
const BREAK_AFTER = new RegExp(`(?<=${SPACE})(?=\\S|\\u00a0)|(?<=[-‐–—/])(?=[^\\s\\-‐–—/])`, "u");
const ENDS_AT_BREAK = new RegExp(`(?:${SPACE}|[-‐–—/])$`, "u");

type Piece = { text: string; style: TextStyle };
/** Pieces with no break between them (a word whose parts have different styles). */
type Word = Piece[];
type Item = Word | "newline";

function wordsOf(runs: readonly Run[]): Item[] {
  const items: Item[] = [];
  let open: Word | null = null;
  for (const run of runs) {
    run.text.split("\n").forEach((part, index) => {
      if (index > 0) {
        items.push("newline");
        open = null;
      }
      for (const text of part.split(BREAK_AFTER)) {
        if (!text) continue;
        const piece = { text, style: run.style };
        if (open) open.push(piece);
        else items.push((open = [piece]));
        if (ENDS_AT_BREAK.test(text)) open = null;
      }
    });
  }
  return items;
}

/** Greedy line breaking of styled runs into lines no wider than `width`. */
export function wrapRuns(runs: readonly Run[], width: number, measure: Measure): Line[] {
  const lines: Line[] = [];
  const leading = Math.max(0, ...runs.map((r) => r.style.leading));
  let current: Segment[] = [];
  let used = 0;

  const commit = () => {
    lines.push(finishLine(current, measure, leading));
    current = [];
    used = 0;
  };
  const add = ({ text, style }: Piece) => {
    const w = measure(text, style);
    current.push({ text, style, width: w });
    used += w;
  };
  const visibleWidth = (word: Word) => word.reduce((sum, p, i) => sum + measure(i === word.length - 1 ? p.text.trimEnd() : p.text, p.style), 0);

  for (const item of wordsOf(runs)) {
    if (item === "newline") {
      commit();
      continue;
    }
    const visible = visibleWidth(item);
    if (current.length === 0 && visible === 0) continue; // no leading space on a line
    if (used + visible <= width) {
      item.forEach(add);
      continue;
    }
    if (current.length > 0) commit();
    if (visible === 0) continue;
    if (visible <= width) {
      item.forEach(add);
      continue;
    }
    // A word wider than the line: cut it between characters.
    for (const piece of item) {
      let chunk = "";
      for (const char of Array.from(piece.text)) {
        if (chunk && used + measure((chunk + char).trimEnd(), piece.style) > width) {
          add({ text: chunk, style: piece.style });
          commit();
          chunk = "";
        }
        chunk += char;
      }
      if (chunk.trim()) add({ text: chunk, style: piece.style });
    }
  }
  if (current.length > 0 || lines.length === 0) commit();
  return lines;
}

/** Joins neighbours of the same style (one text object per run of a line) and drops the trailing space. */
function finishLine(segments: Segment[], measure: Measure, leading: number): Line {
  const merged: Segment[] = [];
  for (const seg of segments) {
    const last = merged.at(-1);
    if (last && last.style === seg.style) {
      last.text += seg.text;
      last.width += seg.width;
    } else merged.push({ ...seg });
  }
  const last = merged.at(-1);
  if (last && last.text !== last.text.trimEnd()) {
    last.text = last.text.trimEnd();
    last.width = measure(last.text, last.style);
  }
  const kept = merged.filter((s) => s.text.length > 0);
  return {
    segments: kept,
    width: kept.reduce((sum, s) => sum + s.width, 0),
    height: kept.length > 0 ? Math.max(...kept.map((s) => s.style.leading)) : leading,
  };
}
