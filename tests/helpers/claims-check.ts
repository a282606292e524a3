import type { ReportClaim } from "#schemas/report/document.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import type { Answers, CompiledFlow, Scores } from "#engine/flow/types.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import type { ReportInput } from "#engine/report/build-report.ts";

/**
 * The property test's two halves (tests/reports/claims-property.test.ts, ADR 036): answer sets
 * built by answering a flow's real questions, random and adversarial, and a checker that holds
 * every comparative claim a report records (`claims`, as data) against the scores. The checker
 * restates the claims rule from its definition, pairwise, rather than calling the engine's code.
 */

/** A small seeded generator (mulberry32), so every run checks the same answer sets. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PATTERNS = [
  "random",
  "same answer everywhere",
  "all scales equal",
  "all extreme",
  "two-way tie",
  "three-way tie",
  "one far from the rest",
  "one at the bottom",
  "staircase",
] as const;
export type Pattern = (typeof PATTERNS)[number];

/**
 * `sets` answer sets of a funnel, seeded by its name, patterns in turn: each with the report's input
 * (no professions; the first name `firstName` draws, none by default), as the report tests build
 * their reports and teasers from them.
 */
export function* reportInputs(
  name: string,
  topic: Pick<ReportInput, "flow" | "template" | "library">,
  sets: number,
  firstName: (random: () => number) => string | null = () => null,
) {
  const random = seeded([...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
  for (let i = 0; i < sets; i++) {
    const pattern = PATTERNS[i % PATTERNS.length]!;
    const answers = answerSet(topic.flow, pattern, random);
    const input: ReportInput = {
      ...topic,
      answers,
      scores: scoreAnswers(topic.flow, answers),
      firstName: firstName(random),
      completedAt: new Date("2026-11-24T09:30:00.000Z"),
      professions: [],
      resultId: null,
    };
    yield { i, pattern, input };
  }
}

/**
 * One answer set of `pattern`: every step answered (choices from the step's own samples), each
 * scale's items answered around a target position 0–1 of the scale (reversed items the other way
 * round), except "same answer everywhere", which gives one raw answer to every item, as a careless
 * or uniform answerer does.
 */
export function answerSet(flow: CompiledFlow, pattern: Pattern, random: () => number): Answers {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const answers: Answers = {};
  for (const step of flow.steps) {
    const samples = sampleAnswers(flow, step).filter((a) => a !== null);
    if (samples.length > 0) answers[step.id] = pick(samples);
  }
  const scales = flow.scoring?.scales ?? [];
  const n = scales.length;
  const targets = scales.map(() => random());
  const order = scales.map((_, i) => i).sort(() => random() - 0.5);
  const level = random();
  if (pattern === "all scales equal") targets.fill(level);
  if (pattern === "all extreme") for (const i of targets.keys()) targets[i] = random() < 0.5 ? 0 : 1;
  if (pattern === "two-way tie" || pattern === "three-way tie") {
    const k = Math.min(pattern === "two-way tie" ? 2 : 3, n);
    const high = 0.5 + random() / 2;
    for (const i of order.slice(0, k)) targets[i] = high;
    for (const i of order.slice(k)) targets[i] = random() * high;
  }
  if (pattern === "one far from the rest") {
    targets.fill(0.3 + random() * 0.4);
    targets[order[0]!] = random() < 0.5 ? 0 : 1;
  }
  if (pattern === "one at the bottom") {
    for (const i of targets.keys()) targets[i] = 0.3 + random() * 0.7;
    targets[order[0]!] = 0;
  }
  // Each scale a few points (less than the gap) below the one before: level neighbours, ends far apart.
  const step = pattern === "staircase" ? 0.04 + random() * 0.05 : 0;
  if (pattern === "staircase") {
    const start = 1 - random() * 0.2;
    for (const [j, i] of order.entries()) targets[i] = Math.max(0, start - j * step);
  }
  const raw = random();
  for (const [si, scale] of scales.entries()) {
    for (const [k, item] of scale.items.entries()) {
      const { id, reverse } = typeof item === "string" ? { id: item, reverse: false } : { id: item.step, reverse: item.reverse };
      const step = flow.steps.find((s) => s.id === id);
      if (step?.kind !== "likert") continue;
      const values = (flow.answerSets[step.answers] ?? []).map((a) => a.value).sort((x, y) => x - y);
      const last = values.length - 1;
      if (pattern === "same answer everywhere") {
        answers[id] = values[Math.round(raw * last)]!;
        continue;
      }
      // Random answers wander around the target; the shaped patterns keep to it.
      const noise = pattern === "random" ? Math.round((random() - 0.5) * 2) : 0;
      // A staircase spreads its items around the target (a dither), so a scale can sit between two answers.
      const at = pattern === "staircase" ? Math.floor(targets[si]! * last + (k + 0.5) / scale.items.length) : Math.round(targets[si]! * last);
      const keyed = Math.min(last, Math.max(0, at + noise));
      answers[id] = values[reverse ? last - keyed : keyed]!;
    }
  }
  return answers;
}

/** Each scale's position 0–100 in its own range, in the flow's declared order. */
export const positionsOf = (scores: Scores, flow: CompiledFlow) =>
  (flow.scoring?.scales ?? []).flatMap((scale) => {
    const s = scores.scales.find((x) => x.id === scale.id);
    return s ? [{ id: s.id, percent: s.max > s.min ? Math.round(((s.score - s.min) / (s.max - s.min)) * 100) : 0 }] : [];
  });

type Position = { id: string; percent: number };

/** Where a report must say the profile is flat (the full report, the teaser), and what its claims are. */
export type Claimed = { report: readonly ReportClaim[]; teaser: readonly ReportClaim[]; compares: boolean; profile: boolean };

/**
 * Every way the claims disagree with the positions under the rule with `gap`, as sentences (empty:
 * they agree). Checked: flat is said exactly when every scale is level; highest, lowest and most
 * marked name exactly the scales level with that end (one or a tie), never in a flat profile; a
 * code has its letters highest first, never leaves out a scale above one it keeps, and names every
 * pair of its scales (or a stand-in) that is level; places, strengths, watch-outs and the
 * pre-checkout's top never split scales that are level, nor put a lower scale above a higher one.
 */
export function disagreements(positions: readonly Position[], claimed: Claimed, gap: number): string[] {
  const out: string[] = [];
  const p = new Map(positions.map((s) => [s.id, s.percent]));
  const at = (id: string) => p.get(id) ?? Number.NaN;
  const all = positions.map((s) => s.id);
  const max = Math.max(...positions.map((s) => s.percent));
  const min = Math.min(...positions.map((s) => s.percent));
  const flat = positions.length > 1 && max - min < gap;
  const level = (a: string, b: string) => Math.abs(at(a) - at(b)) < gap;
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const shape = positions.map((s) => `${s.id} ${s.percent}`).join(", ");
  const bad = (c: ReportClaim, why: string) => out.push(`${c.at} ${c.kind}${c.outcome ? ` (${c.outcome})` : ""} [${c.scales.join(", ")}]: ${why} — ${shape}`);
  /**
   * A set called top (bottom) is measured from that end (ADR 050): a scale's rank is 1 + the scales
   * of the pool that lead it (trail it) by the gap or more, and the set holds exactly the scales
   * ranked as high as its lowest-ranked one, so it never leaves out one ranked with it, nor pulls in
   * one along a chain of level neighbours.
   */
  const edge = (c: ReportClaim, chosen: readonly string[], pool: readonly string[], dir: 1 | -1) => {
    const rank = (id: string) => 1 + pool.filter((o) => dir * (at(o) - at(id)) >= gap).length;
    const r = Math.max(...chosen.map(rank));
    const expected = pool.filter((id) => rank(id) <= r);
    if (!same(chosen, expected)) bad(c, `the scales ranked ${r} or better from the ${dir === 1 ? "top" : "bottom"} are [${expected.join(", ")}]`);
  };
  for (const side of [claimed.report, claimed.teaser]) {
    for (const c of side) {
      if (c.kind === "flat") {
        if (!flat) bad(c, "the profile is not flat");
        continue;
      }
      // The template's lead is featured by name, not by comparison (ADR 050).
      if (c.kind === "lead") continue;
      if (flat && c.kind !== "place") {
        bad(c, "a flat profile has no comparison to make");
        continue;
      }
      if (c.kind === "highest" || c.kind === "lowest" || c.kind === "most_marked") {
        const measure = (id: string) => (c.kind === "highest" ? at(id) : c.kind === "lowest" ? -at(id) : Math.abs(at(id) - 50));
        // The lowest never holds a scale level with the highest: a scale is not named at both ends.
        const pool = c.kind === "lowest" ? all.filter((id) => max - at(id) >= gap) : all;
        const best = Math.max(...pool.map(measure));
        const group = pool.filter((id) => best - measure(id) < gap);
        if (!same(c.scales, group)) bad(c, `the scales level with the ${c.kind.replace("_", " ")} are [${group.join(", ")}]`);
        if (c.outcome !== (group.length === 1 ? "one" : "tie")) bad(c, `should be ${group.length === 1 ? "one" : "a tie"}`);
      }
      if (c.kind === "code") {
        for (const [i, id] of c.scales.entries())
          if (i > 0 && at(id) > at(c.scales[i - 1]!)) bad(c, `${id} is higher than ${c.scales[i - 1]} but comes after it`);
        for (const a of c.scales)
          for (const b of all.filter((id) => !c.scales.includes(id))) if (at(b) > at(a)) bad(c, `${b} is left out but higher than ${a}`);
        const said = (a: string, b: string) => (c.level ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
        for (const [i, a] of c.scales.entries())
          for (const b of [...c.scales.slice(i + 1), ...all.filter((id) => !c.scales.includes(id))])
            if (level(a, b) && !said(a, b)) bad(c, `${a} and ${b} are level but the code does not say so`);
        for (const [a, b] of c.level ?? []) if (!level(a, b)) bad(c, `${a} and ${b} are said to be level but are not`);
      }
      if (c.kind === "place" && (c.place === "level") !== flat) bad(c, flat ? "a flat profile has no top or bottom" : "only a flat profile is all level");
      if (c.kind === "strengths" || c.kind === "top") edge(c, c.scales, all, 1);
      if (c.kind === "watch_outs") {
        const highest = all.filter((id) => max - at(id) < gap);
        for (const id of c.scales) if (highest.includes(id)) bad(c, `${id} is level with the highest`);
        // Measured from the bottom among the scales no better placed from the top than the watch-outs
        // (a scale ranked near the top is a strength, never also a watch-out).
        const fromTop = (id: string) => all.filter((o) => at(o) - at(id) >= gap).length;
        const floor = Math.min(...c.scales.map(fromTop));
        edge(
          c,
          c.scales,
          all.filter((id) => !highest.includes(id) && fromTop(id) >= floor),
          -1,
        );
      }
    }
  }
  // Places, section by section: the top is above the rest and splits no tie at its edge; so is the bottom, below.
  for (const side of [claimed.report, claimed.teaser]) {
    const places = side.filter((c) => c.kind === "place");
    for (const section of new Set(places.map((c) => c.at))) {
      if (flat) continue;
      const named = (place: string) => places.filter((c) => c.at === section && c.place === place).map((c) => c.scales[0]!);
      const top = named("top");
      const bottom = named("bottom");
      const highest = all.filter((id) => max - at(id) < gap);
      if (top.length > 0) edge({ at: section, kind: "place", place: "top", scales: top }, top, all, 1);
      if (bottom.length > 0) {
        const claim: ReportClaim = { at: section, kind: "place", place: "bottom", scales: bottom };
        for (const id of bottom) if (highest.includes(id)) bad(claim, `${id} is level with the highest`);
        edge(
          claim,
          bottom,
          all.filter((id) => !highest.includes(id) && !top.includes(id)),
          -1,
        );
      }
    }
  }
  if (flat && claimed.compares) {
    if (!claimed.report.some((c) => c.kind === "flat")) out.push(`report: a flat profile is not said to be flat — ${shape}`);
    if (!claimed.teaser.some((c) => c.kind === "flat")) out.push(`teaser: a flat profile is not said to be flat — ${shape}`);
  }
  if (!flat && claimed.profile && !claimed.teaser.some((c) => c.kind === "highest")) out.push(`teaser: a profile names no highest area — ${shape}`);
  return out;
}

/**
 * Answers that put each scale at a position 0–1 of its range (`targets` by scale id; others at 0),
 * each item a step of the target (a dither), reversed items the other way round; every other step
 * answered with its first sample. For a shape written in a test: a staircase, a tie, a spread.
 */
export function answersAt(flow: CompiledFlow, targets: Record<string, number>): Answers {
  const answers: Answers = {};
  for (const step of flow.steps) {
    const sample = sampleAnswers(flow, step).find((a) => a !== null);
    if (sample !== undefined) answers[step.id] = sample;
  }
  for (const scale of flow.scoring?.scales ?? []) {
    for (const [k, item] of scale.items.entries()) {
      const { id, reverse } = typeof item === "string" ? { id: item, reverse: false } : { id: item.step, reverse: item.reverse };
      const step = flow.steps.find((s) => s.id === id);
      if (step?.kind !== "likert") continue;
      const values = (flow.answerSets[step.answers] ?? []).map((a) => a.value).sort((x, y) => x - y);
      const last = values.length - 1;
      const keyed = Math.min(last, Math.floor((targets[scale.id] ?? 0) * last + (k + 0.5) / scale.items.length));
      answers[id] = values[reverse ? last - keyed : keyed]!;
    }
  }
  return answers;
}
