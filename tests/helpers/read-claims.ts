import type { ReportTemplate } from "#schemas/report/template.ts";

/**
 * The claims rule (ADR 036, ADR 050) held against what a visitor reads: the lines a page prints
 * (rendered-report.tsx), not the claims a document records. Every sentence or label that places a
 * scale is found by its words, its scales by their names, and checked against the rule, restated
 * here from its definition rather than taken from the engine:
 * - scales less than `gap` points apart (of 0–100) are level; all level is a flat profile, which
 *   places no scale at all;
 * - the highest (strongest, at the top) are the scales level with the top, measured from the top;
 *   the lowest (most room to grow, weakest) those level with the bottom, measured from the bottom,
 *   never one level with the top; the most marked those level with the farthest from the middle;
 * - one of the k strongest (a place, What you bring, the pre-checkout's top): fewer than k scales
 *   lead it by the gap; one of the k weakest (watch out): fewer than k lead it from below, and it
 *   is not level with the top;
 * - a scale is never placed at both ends; a sentence with "neither", "both" or "the other" names
 *   two scales; scales said to be level are; "equally marked" says what is compared.
 */

export type Placed = { id: string; name: string; percent: number };

/** Where a page places its scales: the k of each top and bottom set, from the template. */
export type Rule = { gap: number; template: ReportTemplate; preCheckoutTitle: string | null; levels: boolean };

const PLACE_TOP = 2; // A scale's place in its detail: "one of your strongest" is one of the two strongest (src/engine/report/claims.ts, placeOf).
const PRE_CHECKOUT_TOP = 3; // The pre-checkout shows the top three of a profile (src/engine/report/teaser.ts).

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const sentencesOf = (line: string) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9])/);

export function misreadings(lines: readonly string[], scales: readonly Placed[], rule: Rule): string[] {
  const { gap, template } = rule;
  const out: string[] = [];
  const shape = scales.map((s) => `${s.name} ${s.percent}`).join(", ");
  const bad = (what: string, line: string) => out.push(`${what}: "${line.slice(0, 160)}" — ${shape}`);
  const at = new Map(scales.map((s) => [s.id, s.percent]));
  const p = (id: string) => at.get(id)!;
  const ids = scales.map((s) => s.id);
  const max = Math.max(...scales.map((s) => s.percent));
  const min = Math.min(...scales.map((s) => s.percent));
  const flat = scales.length > 1 && max - min < gap;
  const marked = (id: string) => Math.abs(p(id) - 50);
  const maxMarked = Math.max(...ids.map(marked));
  const highest = flat ? [] : ids.filter((id) => max - p(id) < gap);
  const lowest = flat ? [] : ids.filter((id) => p(id) - min < gap && !highest.includes(id));
  const mostMarked = flat ? [] : ids.filter((id) => maxMarked - marked(id) < gap);
  const topK = (k: number) => (flat ? [] : ids.filter((id) => ids.filter((o) => p(o) - p(id) >= gap).length < k));
  const pool = ids.filter((id) => !highest.includes(id));
  const bottomK = (k: number) => (flat ? [] : pool.filter((id) => pool.filter((o) => p(id) - p(o) >= gap).length < k));
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const list = (a: readonly string[]) => `[${a.map((id) => scales.find((s) => s.id === id)!.name).join(", ")}]`;

  // Names, longest first, so "Work-related burnout" is not read as a shorter name inside it.
  const byLength = [...scales].sort((a, b) => b.name.length - a.name.length);
  const namesIn = (text: string): string[] => {
    let rest = text;
    const found: string[] = [];
    for (const s of byLength) {
      // Either case (a name is lower-cased mid-sentence), after its letter where the page prints one ("RRealistic").
      const caseless = [...escape(s.name)].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join("");
      const re = new RegExp(`(?<![\\w-])(?:[A-Z]{1,3}(?=[A-Z]))?${caseless}(?![\\w-])`, "g");
      if (re.test(rest)) {
        found.push(s.id);
        rest = rest.replace(re, " ");
      }
    }
    return found;
  };
  /** A line that is a scale's heading (in a chart, a detail or a callout): its letter, its name, maybe its value. */
  const headingOf = (line: string) => scales.find((s) => new RegExp(`^(?:[A-Z]{1,3})?${escape(s.name)}(?:\\d+%|[A-Z][a-z]+)?(?:\\d.*)?$`).test(line))?.id;

  const top = new Set<string>();
  const bottom = new Set<string>();
  const copy = template.scales;
  const blocks = template.sections.flatMap((s) => s.blocks);
  const strengthsK = Math.max(0, ...blocks.flatMap((b) => ("strengths" in b ? [b.strengths.top] : [])));
  const watchK = Math.max(0, ...blocks.flatMap((b) => ("watch_outs" in b ? [b.watch_outs.bottom] : [])));

  let current: string | undefined;
  let callout: "Strength" | "Watch out" | null = null;
  for (const [i, line] of lines.entries()) {
    const heading = headingOf(line);
    if (heading) {
      current = heading;
      if (callout === "Strength" && !copy[heading]?.strength_bands) {
        top.add(heading);
        if (!topK(strengthsK).includes(heading)) bad(`${list([heading])} is shown as a strength but is not one of the ${strengthsK} strongest`, line);
      }
      if (callout === "Watch out" && !copy[heading]?.watch_bands) {
        bottom.add(heading);
        if (!bottomK(watchK).includes(heading)) bad(`${list([heading])} is a watch-out but is not one of the ${watchK} weakest`, line);
      }
      callout = null;
      continue;
    }
    callout = line === "Strength" || line === "Watch out" ? line : null;

    // The teaser's top area: its label, the area and those said to be level (or equally marked) with it.
    if (/^Level with it:|^Equally marked/.test(line) && current) {
      const named = [current, ...namesIn(line.replace(/^[^:]*:/, ""))];
      const profile = line.startsWith("Level with it:");
      if (!same(named, profile ? highest : mostMarked))
        bad(`named together as ${profile ? "top" : "most marked"} ${list(named)}, the rule gives ${list(profile ? highest : mostMarked)}`, line);
      if (profile) named.forEach((id) => top.add(id));
      if (!profile && !/middle/.test(line)) bad("'equally marked' on scores that read differently, without saying what is compared", line);
      continue;
    }
    if (line === rule.preCheckoutTitle) {
      const bars: string[] = [];
      for (const next of lines.slice(i + 1)) {
        if (next === "Your personal report includes") break;
        const bar = byLength.find((s) => new RegExp(`^${escape(s.name)}(?=[A-Z0-9]|$)`).test(next));
        if (bar) bars.push(bar.id);
      }
      // Read against bands, every level is shown and none is placed; a profile shows its top.
      if (!rule.levels) {
        bars.forEach((id) => top.add(id));
        if (!same(bars, topK(PRE_CHECKOUT_TOP))) bad(`shown as ${rule.preCheckoutTitle} ${list(bars)}, the rule gives ${list(topK(PRE_CHECKOUT_TOP))}`, line);
      }
    }

    for (const sentence of sentencesOf(line)) {
      const names = namesIn(sentence);
      if (/one of your strongest/i.test(sentence) && current && /^What it means for you/.test(line)) {
        top.add(current);
        if (!topK(PLACE_TOP).includes(current))
          bad(`${list([current])} is called one of the strongest, the rule's two strongest are ${list(topK(PLACE_TOP))}`, sentence);
        continue;
      }
      if (/^What it means for you/.test(line)) continue;
      if (names.length >= 3 && /\bneither\b|\bboth\b|\bthe other\b(?!s)/i.test(sentence)) bad(`a sentence for two names ${list(names)}`, sentence);
      for (const clause of sentence.split(/, and |; /)) {
        const named = namesIn(clause);
        if (named.length === 0) continue;
        if (/\b(?:strongest|at the top|interest most|the highest)\b/i.test(clause) && !/one of your strongest/i.test(clause)) {
          named.forEach((id) => top.add(id));
          if (!same(named, highest)) bad(`named as strongest ${list(named)}, the rule gives ${list(highest)}`, clause);
        }
        if (/most room to grow|\blowest\b|\bweakest\b/i.test(clause)) {
          named.forEach((id) => bottom.add(id));
          if (!same(named, lowest)) bad(`named as most room to grow ${list(named)}, the rule gives ${list(lowest)}`, clause);
        }
        if (/most marked|equally marked/i.test(clause) && !same(named, mostMarked))
          bad(`named as most marked ${list(named)}, the rule gives ${list(mostMarked)}`, clause);
        if (/\bare level\b|\bis level with\b/i.test(clause))
          for (const [j, a] of named.entries())
            for (const b of named.slice(j + 1)) if (Math.abs(p(a) - p(b)) >= gap) bad(`${list([a, b])} are said to be level`, clause);
      }
    }
  }
  for (const id of top) if (bottom.has(id)) bad(`${list([id])} is named at both ends`, "");
  return out;
}
