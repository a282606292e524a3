import { z } from "zod";
import { slug } from "../content/common.ts";
import { riasecLetters, type RiasecLetter } from "../content/profession.ts";

/** API shapes for occupations (GET /professions/:slug). */

/**
 * The credit O*NET's CC BY 4.0 licence asks for, with the note that Pathwise changed the data
 * (content/professions/SOURCES.md). Shown wherever occupation data is.
 */
export const ONET_ATTRIBUTION =
  "This page includes information from the O*NET 30.3 Database (interest levels and codes) and the O*NET 29.3 Database (Job Zones) by the U.S. Department of Labor, Employment and Training Administration (USDOL/ETA). Used under the CC BY 4.0 license. O*NET® is a trademark of USDOL/ETA. Pathwise has modified all or some of this information. USDOL/ETA has not approved, endorsed, or tested these modifications.";

/** At most 100 characters: the router refuses longer path parameters (414) before any schema runs. */
export const professionParams = z.strictObject({ slug: slug.max(100) });

export const professionQuery = z.strictObject({
  /** A quiz session (result) of the caller's own, scored: the answer then says how well the profession matches it. */
  result: z.uuid().optional(),
});

const byLetter = (value: z.ZodNumber) => z.object(Object.fromEntries(riasecLetters.map((l) => [l, value])) as Record<RiasecLetter, z.ZodNumber>);

/** Where a fact comes from. */
const factSource = z.object({ source: z.string(), year: z.number().int(), url: z.string() });

const professionView = z.object({
  slug: z.string(),
  title: z.string(),
  onet_soc: z.string().describe("O*NET-SOC code, e.g. 15-2011.00"),
  /** False once its file was removed from content: still readable (reports link to it), no longer matched. */
  active: z.boolean(),
  riasec: z.object({
    code: z.string().describe("O*NET interest high-point code, highest first, e.g. CIE"),
    levels: byLetter(z.number()).describe("O*NET Occupational Interest levels, 1–7"),
    from: factSource,
  }),
  summary: z.string(),
  tasks: z.array(z.string()),
  skills: z.array(z.string()),
  job_zone: z.object({ zone: z.number().int().describe("O*NET Job Zone 1–5: how much preparation the work needs"), from: factSource }),
  education: z.object({ level: z.string().describe("Typical education for entry"), from: factSource }),
  pay: z
    .object({
      median_annual_usd: z.number().int(),
      p10_annual_usd: z.number().int().nullable(),
      p90_annual_usd: z.number().int().nullable(),
      from: factSource,
    })
    .nullable()
    .describe("Median yearly pay in the United States, with the 10th and 90th percentiles when published; null when no source gives it"),
  attribution: z.string().describe("The O*NET credit to show with this data"),
});
export type ProfessionView = z.infer<typeof professionView>;

/** Why there is no match number (docs/assessments/career-matching.md). */
const noMatchReason = z.enum(["flat_profile", "flat_occupation", "invalid_profile", "invalid_occupation"]);

const professionMatchView = z.object({
  /** The quiz session the match is for. */
  result_id: z.uuid(),
  match: z.number().int().min(0).max(100).nullable().describe("0–100: round((r + 1) × 50); null when there is no correlation (see reason)"),
  r: z.number().min(-1).max(1).nullable().describe("Pearson correlation between the result's six positions and the occupation's six interest levels"),
  reason: noMatchReason.nullable().describe("Why match is null: flat_profile when all six of the result's areas are equal"),
  /** The result's six positions, 0–100, that were compared. */
  profile: byLetter(z.number()),
  code_agreement: z.number().int().min(0).max(3).describe("How many leading letters of the occupation's code agree with the result's ranking, ties included"),
});
export type ProfessionMatchView = z.infer<typeof professionMatchView>;

export const professionResponse = z.object({
  data: z.object({
    profession: professionView,
    /** Null unless ?result= names a scored result of the caller's. */
    match: professionMatchView.nullable(),
  }),
});
