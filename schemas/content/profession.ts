import { z } from "zod";
import { slug } from "./common.ts";

/** The six interest areas, in Holland's order. */
export const riasecLetters = ["R", "I", "A", "S", "E", "C"] as const;
export type RiasecLetter = (typeof riasecLetters)[number];

/** A figure carried over from a public source: always with the source's name, its year and where to read it. */
const sourced = z.strictObject({
  source: z.string().min(5).max(200),
  year: z.number().int().min(2000).max(2100),
  url: z.url().refine((u) => u.startsWith("https://"), "must be an https:// address"),
});

/**
 * One occupation (content/professions/<slug>.yaml). Codes, interest levels, job zone, education
 * level and pay are facts from O*NET® and the U.S. Bureau of Labor Statistics, carried over with
 * their source; the summary, tasks and skills are written in our own words. A profession whose pay
 * cannot be sourced has no `pay`.
 */
export const professionContent = z.strictObject({
  slug,
  title: z.string().min(3).max(120),
  /** The O*NET-SOC code, e.g. 15-1252.00 (the first 7 characters are the SOC code BLS uses). */
  onet_soc: z.string().regex(/^\d{2}-\d{4}\.\d{2}$/, "an O*NET-SOC code looks like 15-1252.00"),
  riasec: z.strictObject({
    /** The O*NET interest high-point code: first, second and third letters (one to three). */
    code: z.string().regex(/^(?!.*(.).*\1)[RIASEC]{1,3}$/, "one to three different letters of RIASEC, highest first"),
    /** O*NET Occupational Interest levels (scale OI, 1–7) for R, I, A, S, E, C. */
    levels: z.strictObject(Object.fromEntries(riasecLetters.map((l) => [l, z.number().min(1).max(7)])) as Record<RiasecLetter, z.ZodNumber>),
    from: sourced,
  }),
  /** What the work is, in two or three sentences of our own. */
  summary: z.string().min(80).max(600),
  /** Typical tasks, in our own words. */
  tasks: z.array(z.string().min(10).max(200)).min(3).max(7),
  skills: z.array(z.string().min(3).max(80)).min(3).max(8),
  /** O*NET Job Zone 1–5 (how much preparation the work needs). */
  job_zone: z.strictObject({ zone: z.number().int().min(1).max(5), from: sourced }),
  /** Typical education for entry, as BLS or O*NET states it. */
  education: z.strictObject({ level: z.string().min(5).max(120), from: sourced }),
  /** Median annual pay in the United States, in whole US dollars, when a source gives it. */
  pay: z
    .strictObject({
      median_annual_usd: z.number().int().min(10_000).max(1_000_000),
      /** Optional range: 10th and 90th percentile. */
      p10_annual_usd: z.number().int().min(5_000).max(1_000_000).optional(),
      p90_annual_usd: z.number().int().min(10_000).max(1_000_000).optional(),
      from: sourced,
    })
    .optional(),
});
export type ProfessionContent = z.infer<typeof professionContent>;
