import { z } from "zod";

/**
 * A personal report as data: what the report engine (src/engine/report) makes from a flow, the
 * answers, the scores and the customer, and what the web page, the e-mail and the PDF all render.
 * Plain text only (no HTML, no Markdown): each renderer decides the look, and nothing a visitor
 * typed can become markup. The same inputs give the same document, byte for byte.
 */

/** One scale as the report shows it: its level in its own range, and its band when it has one. */
const reportScale = z.object({
  id: z.string(),
  name: z.string(),
  /** Short letter for profile-style reports (RIASEC: R, I, A, S, E, C). */
  letter: z.string().max(3).nullable(),
  score: z.number(),
  min: z.number(),
  max: z.number(),
  /** Position within the scale's range, 0–100, rounded to a whole number. */
  percent: z.number().int().min(0).max(100),
  band: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** Whether a higher score is better, worse, or neither (interests). */
  higher_is: z.enum(["better", "worse", "neutral"]),
  /** 1 = highest in this profile; equal percents share a rank. */
  rank: z.number().int().min(1),
});
export type ReportScale = z.infer<typeof reportScale>;

const paragraph = z.object({ kind: z.literal("paragraph"), text: z.string() });
const heading = z.object({ kind: z.literal("heading"), text: z.string() });
const list = z.object({ kind: z.literal("list"), style: z.enum(["bullets", "numbered"]), items: z.array(z.string()) });
/** A bar chart of scales (SVG on the web and in the PDF; the numbers are in the text too). */
const scaleChart = z.object({ kind: z.literal("scale_chart"), caption: z.string(), scales: z.array(reportScale) });
/** One scale with what its level means for this person. */
const scaleDetail = z.object({ kind: z.literal("scale_detail"), scale: reportScale, about: z.string(), meaning: z.string() });
/** A profile code such as "SIA", with how it was formed and any ties said out loud. */
const profileCode = z.object({
  kind: z.literal("profile_code"),
  code: z.string(),
  letters: z.array(z.object({ letter: z.string(), name: z.string(), percent: z.number().int() })),
  /** null when there is no tie that affects the code. */
  ties: z.string().nullable(),
});
const callout = z.object({ kind: z.literal("callout"), tone: z.enum(["strength", "watch", "note", "help"]), title: z.string(), text: z.string() });
/** Links into the account: plans, articles, tools, professions. */
const links = z.object({
  kind: z.literal("links"),
  items: z.array(z.object({ type: z.enum(["plan", "article", "tool", "profession", "page"]), title: z.string(), text: z.string(), href: z.string() })),
});
/** Occupations matched to the profile, best first. */
const professions = z.object({
  kind: z.literal("professions"),
  items: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      code: z.string(),
      /** 0–100: how closely the occupation's interest profile follows this one (method in the report). */
      match: z.number().int().min(0).max(100),
      summary: z.string(),
      tasks: z.array(z.string()),
      skills: z.array(z.string()),
      education: z.string(),
      pay: z
        .object({
          median_annual_usd: z.number().int(),
          p10_annual_usd: z.number().int().nullable(),
          p90_annual_usd: z.number().int().nullable(),
          source: z.string(),
          year: z.number().int(),
        })
        .nullable(),
      href: z.string(),
    }),
  ),
});
/** Sources and notices, each with an address when there is one. */
const sources = z.object({ kind: z.literal("sources"), items: z.array(z.object({ text: z.string(), url: z.string().nullable() })) });

export const reportBlock = z.discriminatedUnion("kind", [paragraph, heading, list, scaleChart, scaleDetail, profileCode, callout, links, professions, sources]);
export type ReportBlock = z.infer<typeof reportBlock>;
export type ReportBlockKind = ReportBlock["kind"];

const reportSection = z.object({
  /** Stable id from the template; a pre-checkout item names the section that delivers it. */
  id: z.string(),
  title: z.string(),
  blocks: z.array(reportBlock),
  /** In a teaser (before payment): the section is shown by its title only. */
  locked: z.boolean().optional(),
});
export type ReportSection = z.infer<typeof reportSection>;

/**
 * A comparative claim the report makes, recorded as data by the engine wherever it says one (ADR
 * 036), so a checker can hold every claim against the scores without reading the English:
 * - `highest`, `lowest`, `most_marked`: the scale named (`one`) or the scales named as level (`tie`);
 * - `flat`: the profile was said to have no clear shape (no code, no strongest scale);
 * - `code`: the letters' scales in order, with `level` the pairs said to be level (either order, or a stand-in);
 * - `place`: where one scale was said to sit (top, middle, bottom, or level in a flat profile);
 * - `strengths`, `watch_outs`: the scales called strongest or weakest by their place;
 * - `top`: the scales shown as the top of a profile before payment (the pre-checkout's bars);
 * - `lead`: the scale the teaser features because the template names it (`lead`), not by comparison.
 */
const reportClaim = z.object({
  /** Where it is made: "summary", "teaser" (the summary before payment), "pre_checkout", or a section id. */
  at: z.string(),
  kind: z.enum(["highest", "lowest", "most_marked", "flat", "code", "place", "strengths", "watch_outs", "top", "lead"]),
  /** The scales named, by id, in the order said. */
  scales: z.array(z.string()),
  outcome: z.enum(["one", "tie"]).optional(),
  place: z.enum(["top", "middle", "bottom", "level"]).optional(),
  level: z.array(z.tuple([z.string(), z.string()])).optional(),
});
export type ReportClaim = z.infer<typeof reportClaim>;

export const reportDocument = z.object({
  /** Bumped when the shape changes; stored documents of an older format are rebuilt. */
  format: z.literal(1),
  prompt_code: z.string(),
  flow_code: z.string(),
  title: z.string(),
  cover: z.object({
    /** The first name from the name step, or null. */
    first_name: z.string().nullable(),
    /** Plain words under the title, e.g. "Career interests · 23 November 2026". */
    subtitle: z.string(),
    /** When the quiz was completed (ISO 8601): the report's date. */
    date: z.string(),
  }),
  /** Two or three sentences in plain words: the whole result at a glance. */
  summary: z.string(),
  sections: z.array(reportSection),
  /** Every comparative claim the document makes (absent from documents built before ADR 036). */
  claims: z.array(reportClaim).optional(),
});
export type ReportDocument = z.infer<typeof reportDocument>;
