import { riasecLetters, type RiasecLetter } from "#schemas/content/profession.ts";

/**
 * Matching a person's interest profile with occupations (docs/assessments/career-matching.md).
 *
 * The score is the Pearson correlation between the person's six RIASEC positions and the
 * occupation's six O*NET Occupational Interest levels: it compares the shape of the two profiles
 * (which areas are high and which are low relative to the rest), not their heights. r ∈ [−1, 1]
 * becomes a 0–100 match with round((r + 1) × 50). When either profile has no shape (all six values
 * equal) there is no correlation, and the result says so instead of inventing a number.
 */

/** The person's position in each area, 0–100 (0: the bottom of the scale's range, 100: its top). */
export type RiasecPositions = Record<RiasecLetter, number>;

/** What matching needs to know about an occupation. */
export type MatchableOccupation = {
  /** Unique; the last tie-break, so the order never depends on the input order. */
  slug: string;
  title: string;
  /** O*NET interest high-point code, one to three letters, highest first. */
  code: string;
  /** O*NET Occupational Interest levels, 1–7. */
  levels: Record<RiasecLetter, number>;
};

/** Why an occupation has no match number. */
export type NoMatchReason =
  /** The person's six positions are all equal: a flat profile has no shape to compare. */
  | "flat_profile"
  /** The occupation's six levels are all equal. */
  | "flat_occupation"
  /** A position is missing, not a number or outside 0–100. */
  | "invalid_profile"
  /** A level is missing, not a number or outside 1–7. */
  | "invalid_occupation";

export type OccupationMatch<T extends MatchableOccupation> = {
  occupation: T;
  /** 0–100, round((r + 1) × 50); null with a reason when there is no correlation. */
  match: number | null;
  /** The Pearson correlation itself, −1 to 1; null with a reason. */
  r: number | null;
  reason: NoMatchReason | null;
  /** How many leading letters of the occupation's code the person's ranking allows, ties included (0–3). */
  codeAgreement: number;
};

/** The career flow's scale ids and the area each one measures (flows/career.yaml, `scoring.scales`). */
const RIASEC_SCALE_IDS = {
  realistic: "R",
  investigative: "I",
  artistic: "A",
  social: "S",
  enterprising: "E",
  conventional: "C",
} as const satisfies Record<string, RiasecLetter>;

type ScaleScore = { id: string; score: number; min: number; max: number };

/**
 * The six positions from a result's scale scores: (score − min) / (max − min) × 100 for each
 * RIASEC scale (to two decimals, as scores are stored), found by id through RIASEC_SCALE_IDS. Null when the result lacks one of the six
 * (it is not an interest profile) or a scale has no range.
 */
export function positionsFromScores(scales: readonly ScaleScore[]): RiasecPositions | null {
  const positions: Partial<RiasecPositions> = {};
  for (const [id, letter] of Object.entries(RIASEC_SCALE_IDS)) {
    const scale = scales.find((s) => s.id === id);
    if (!scale || !(scale.max > scale.min)) return null;
    positions[letter] = Math.round(((scale.score - scale.min) * 100 * 100) / (scale.max - scale.min)) / 100;
  }
  return positions as RiasecPositions;
}

const inRange = (values: number[], min: number, max: number) => values.every((v) => Number.isFinite(v) && v >= min && v <= max);
const isFlat = (values: number[]) => values.every((v) => v === values[0]);

/**
 * Pearson's r of two equally long lists, or null when either has no variance. Flatness is tested
 * on the values themselves (all equal), not on a computed variance, so rounding in the mean can
 * never turn a flat profile into a spurious correlation.
 */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 2 || isFlat([...x]) || isFlat([...y])) return null;
  const n = x.length;
  const meanX = x.reduce((a, b) => a + b, 0) / n;
  const meanY = y.reduce((a, b) => a + b, 0) / n;
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - meanX;
    const dy = y[i]! - meanY;
    xy += dx * dy;
    xx += dx * dx;
    yy += dy * dy;
  }
  return Math.max(-1, Math.min(1, xy / Math.sqrt(xx * yy)));
}

/** r ∈ [−1, 1] as a whole number 0–100. */
export const matchFromR = (r: number) => Math.round((r + 1) * 50);

/**
 * The letters the person could have at each rank (0 = highest), ties included: with R 80, I 80,
 * A 50 … both R and I may be first or second, and A third.
 */
function lettersByRank(positions: RiasecPositions): Set<RiasecLetter>[] {
  return riasecLetters.map((_, rank) => {
    const allowed = riasecLetters.filter((letter) => {
      const above = riasecLetters.filter((other) => positions[other] > positions[letter]).length;
      const atOrAbove = riasecLetters.filter((other) => positions[other] >= positions[letter]).length;
      return above <= rank && rank < atOrAbove;
    });
    return new Set(allowed);
  });
}

function agreementWith(byRank: Set<RiasecLetter>[], code: string): number {
  let agreeing = 0;
  for (const [rank, letter] of [...code].entries()) {
    if (!byRank[rank]?.has(letter as RiasecLetter)) break;
    agreeing += 1;
  }
  return agreeing;
}

/** How many leading letters of `code` agree with the person's ranking (ties allow either letter). */
export const codeAgreement = (positions: RiasecPositions, code: string): number => agreementWith(lettersByRank(positions), code);

/** Why a profile cannot be compared with any occupation, or null when it can. */
export function profileProblem(positions: RiasecPositions): Extract<NoMatchReason, "flat_profile" | "invalid_profile"> | null {
  const x = riasecLetters.map((letter) => positions[letter]);
  return !inRange(x, 0, 100) ? "invalid_profile" : isFlat(x) ? "flat_profile" : null;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Best first: higher match, then more code agreement, then title, then slug; no match goes last. */
function byBestMatch<T extends MatchableOccupation>(a: OccupationMatch<T>, b: OccupationMatch<T>): number {
  if (a.match !== b.match) {
    if (a.match === null) return 1;
    if (b.match === null) return -1;
    return b.match - a.match;
  }
  return b.codeAgreement - a.codeAgreement || compareText(a.occupation.title, b.occupation.title) || compareText(a.occupation.slug, b.occupation.slug);
}

/**
 * Every occupation with its match to the person's positions, best first. Pure and deterministic:
 * the same positions and occupations, in any order, give the same list.
 */
export function matchProfessions<T extends MatchableOccupation>(positions: RiasecPositions, occupations: readonly T[]): OccupationMatch<T>[] {
  const x = riasecLetters.map((letter) => positions[letter]);
  const problem = profileProblem(positions);
  const byRank = problem === "invalid_profile" ? [] : lettersByRank(positions);

  return occupations
    .map((occupation): OccupationMatch<T> => {
      const codeAgreement = agreementWith(byRank, occupation.code);
      if (problem) return { occupation, match: null, r: null, reason: problem, codeAgreement };
      const y = riasecLetters.map((letter) => occupation.levels[letter]);
      if (!inRange(y, 1, 7)) return { occupation, match: null, r: null, reason: "invalid_occupation", codeAgreement };
      const r = pearson(x, y);
      if (r === null) return { occupation, match: null, r: null, reason: "flat_occupation", codeAgreement };
      return { occupation, match: matchFromR(r), r, reason: null, codeAgreement };
    })
    .sort(byBestMatch);
}
