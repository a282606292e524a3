import { formatWholeMoney } from "#schemas/content/money.ts";
import type { RiasecLetter } from "#schemas/content/profession.ts";

/**
 * The six areas in Holland's order (the same list as schemas/content/profession.ts, repeated here
 * so the page does not bring zod into the browser; the type keeps the two in step).
 */
export const RIASEC_ORDER = ["R", "I", "A", "S", "E", "C"] as const satisfies readonly RiasecLetter[];

/** The six interest areas by letter, with what each is about in a few plain words. */
export const RIASEC_AREAS: Record<RiasecLetter, { name: string; about: string }> = {
  R: { name: "Realistic", about: "hands-on work with tools, machines, plants or animals" },
  I: { name: "Investigative", about: "ideas, research and working things out" },
  A: { name: "Artistic", about: "creating, designing and expressing" },
  S: { name: "Social", about: "helping, teaching and caring for people" },
  E: { name: "Enterprising", about: "leading, persuading and running things" },
  C: { name: "Conventional", about: "organizing, records, numbers and detail" },
};

const isRiasecLetter = (value: string): value is RiasecLetter => (RIASEC_ORDER as readonly string[]).includes(value);

/** The letters of an interest code, each with its area's name ("SIC" → Social, Investigative, Conventional). */
export const codeLetters = (code: string) => [...code].filter(isRiasecLetter).map((letter) => ({ letter, ...RIASEC_AREAS[letter] }));

/** "A, B and C". */
const listText = (items: readonly string[]) => (items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/**
 * The person's top `count` areas, highest first; level areas keep the usual RIASEC order. `tie`
 * says, in words, when an area outside the top is level with the last one inside it, so the
 * letters shown are not the only reading.
 */
export function topLetters(profile: Record<RiasecLetter, number>, count = 3): { letters: RiasecLetter[]; tie: string | null } {
  const ranked = [...RIASEC_ORDER].sort((a, b) => profile[b] - profile[a]);
  const letters = ranked.slice(0, count);
  const last = letters.at(-1);
  if (last === undefined) return { letters, tie: null };
  const level = ranked.filter((l) => profile[l] === profile[last]);
  const outside = level.filter((l) => !letters.includes(l));
  if (outside.length === 0) return { letters, tie: null };
  const names = level.map((l) => RIASEC_AREAS[l].name);
  return {
    letters,
    tie: `${listText(names)} are level at ${positionText(profile[last])}, so ${listText(outside.map((l) => l))} could stand in for ${listText(level.filter((l) => letters.includes(l)))}.`,
  };
}

/** A position 0–100 as the page writes it: whole numbers. */
export const positionText = (value: number) => String(Math.round(value));

/** O*NET Job Zones in words: O*NET's own heading, and what that usually means, in ours. */
export const JOB_ZONES: Record<number, { title: string; means: string }> = {
  1: { title: "Little or no preparation needed", means: "Usually a high school diploma or less, and a few days to a few months of training on the job." },
  2: { title: "Some preparation needed", means: "Usually a high school diploma, plus some months to a year of related experience or training." },
  3: {
    title: "Medium preparation needed",
    means: "Usually vocational training, an apprenticeship or an associate's degree, and one to two years of related experience.",
  },
  4: { title: "Considerable preparation needed", means: "Usually a bachelor's degree and several years of related experience." },
  5: {
    title: "Extensive preparation needed",
    means: "Usually a graduate degree (such as a master's, a doctorate, or a law or medical degree) and years of experience.",
  },
};

/** Whole US dollars, unambiguous for every reader: "US$93,600" (schemas/content/money.ts). */
export const usdText = (amount: number) => formatWholeMoney(amount, "USD");

/** A source with its year, without saying the year twice ("…, May 2024" already has it). */
export const sourceText = (source: string, year: number) => (source.includes(String(year)) ? source : `${source}, ${year}`);
