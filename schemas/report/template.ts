import { z } from "zod";
import { identifier } from "../flow/text.ts";

/**
 * A report template (content/reports/<prompt_code>/report.yaml): what a report says, as data. The
 * report engine (src/engine/report) fills it from a flow's scores and answers into a
 * ReportDocument (schemas/report/document.ts). Growth and content people write these; every
 * problem is reported with file, line and column, like flows.
 *
 * Texts may use {{first_name}}, {{flow_title}}, for any scale by id {{score:<id>}}, {{max:<id>}}
 * and {{band:<id>}}, and the comparative variables of the template's claims rule (`claims`, ADR
 * 036): {{highest}}, {{lowest}}, {{most_marked}} (the scale, or the scales level with it),
 * {{highest_score}}/{{top1_score}}, {{most_marked_score}}, … and {{code}}. A text that uses a
 * comparative variable must be conditioned on the rule's outcome (`when: { highest: one }`,
 * `{ most_marked: tie }`, `{ flat: false }`), so a tie is said as a tie and a flat profile gets
 * its own words; the template check refuses it otherwise.
 */

const text = z.string().trim().min(1).max(2000);

/** What a comparative claim comes to: one scale named alone, or several named as level. */
export const claimOutcome = z
  .enum(["one", "tie"])
  .describe("What a comparative claim comes to under the claims rule: `one` scale named alone, or a `tie` of scales named as level");
export type ClaimOutcome = z.infer<typeof claimOutcome>;

/** Said, with a link to take the test again, when a profile is flat (every scale within the gap). */
export const DEFAULT_FLAT_NOTE = {
  title: "Your scores are level",
  text: "All your scores are close together, so no part of your profile stands out from the others, and this report does not name a strongest or weakest one. That can simply be how things are for you right now. It can also happen when many statements get the same answer, for example the middle of the scale or the same answer throughout. If that was the case, taking the test again, with a moment for each statement, may give you a clearer picture.",
} as const;

/**
 * The rule every comparative claim of a report follows (ADR 036): which scale is highest, lowest
 * or most marked, the top letters of a code, the top or bottom of a profile. Positions are 0–100
 * within each scale's own range; "most marked" is the distance from the middle of the range (50).
 * One scale is ahead of another only by `min_gap` points or more; closer scales are level and
 * are named together. When every scale is level the profile is flat: no code, no strongest or
 * most marked scale, and the flat note instead.
 */
export const claimsRule = z
  .strictObject({
    /** Points (of 0–100) one scale must lead another by to be called ahead of it. */
    min_gap: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(10)
      .describe("Points (of 0–100 within each scale's range) one scale must lead another by to be called ahead of it; closer scales are level"),
    flat: z
      .strictObject({
        title: text.describe('The note\'s title, e.g. "Your scores are level"'),
        text: text.describe("What a flat profile can mean, shown with a link to take the test again"),
      })
      .default(DEFAULT_FLAT_NOTE)
      .describe("The note a flat profile (every scale within min_gap of every other) gets instead of a strongest area or a code"),
  })
  .default({ min_gap: 10, flat: DEFAULT_FLAT_NOTE })
  .describe("The rule every comparative claim follows (ADR 036): which scale is highest, lowest or most marked, a code's letters, a profile's top");
export type ClaimsRule = z.infer<typeof claimsRule>;

/**
 * A value `in:` compares with: a band id, an option id, or a likert answer written as text. A number
 * (in: [2, 3], natural for a likert answer) is told where it is, with how to write it, not as
 * zod's "expected string, received number".
 */
const conditionValue = z
  .string({
    error: (issue) =>
      typeof issue.input === "number"
        ? `${issue.input} is a number, but in: compares text (band ids, option ids, and a likert answer written in quotes: "${issue.input}")`
        : undefined,
  })
  .min(1);

/** When a block or a text applies. All conditions listed must hold. */
export const reportCondition = z
  .strictObject({
    /** The scale's rank in this profile under the claims rule (1 = highest; scales within `claims.min_gap` of each other share a rank). */
    rank_of: identifier
      .optional()
      .describe("A scale id: holds when its rank (1 = highest; scales within claims.min_gap share a rank) is within at_most / at_least"),
    at_most: z.number().int().min(1).optional().describe("With rank_of: the scale ranks this high or higher (1 = highest)"),
    at_least: z.number().int().min(1).optional().describe("With rank_of: the scale ranks this low or lower"),
    /** The scale's band is one of `in`. */
    band_of: identifier.optional().describe("A scale id: holds when the scale's band is one of `in`"),
    /** The answer to a step is one of `in`: option ids, or a likert step's values written as text ("2"). */
    answer_of: identifier.optional().describe('A choice or likert step id: holds when its answer is one of `in` (option ids, or likert values as text, "2")'),
    in: z.array(conditionValue).min(1).optional().describe("With band_of: band ids; with answer_of: option ids or likert values as text"),
    /** Whether the person gave a first name. */
    first_name: z.boolean().optional().describe("true: the person gave a first name ({{first_name}} can be used); false: they did not"),
    /**
     * The claims rule's outcome (see `claims`): `one` when a single scale is that far ahead of the
     * others, `tie` when several are level with it; neither holds for a flat profile.
     */
    highest: claimOutcome.optional().describe("The claims rule's outcome for the highest scale: one (named alone) or tie (several level at the top)"),
    lowest: claimOutcome.optional().describe("The claims rule's outcome for the lowest scale: one or tie"),
    most_marked: claimOutcome.optional().describe("The claims rule's outcome for the scale farthest from the middle of its range: one or tie"),
    /** Whether every scale is within `claims.min_gap` of every other: a profile with no clear shape. */
    flat: z.boolean().optional().describe("true: every scale is within claims.min_gap of every other (a flat profile); false: the profile has a shape"),
  })
  .refine((c) => !c.rank_of || c.at_most !== undefined || c.at_least !== undefined, "rank_of needs at_most or at_least")
  .refine((c) => !(c.band_of && c.answer_of), "use band_of or answer_of, not both, in one condition")
  .refine((c) => !(c.band_of || c.answer_of) || c.in !== undefined, "band_of and answer_of need in: [...]")
  .refine((c) => Object.keys(c).length > 0, "a condition needs at least one test")
  .describe("One condition: every test written in it must hold");
export type ReportCondition = z.infer<typeof reportCondition>;

/**
 * When a text or block applies: one condition, or a list of conditions that must all hold (for
 * tests on two scales or two answers, e.g. a band of presence and a band of search).
 */
export const reportWhen = z
  .union([reportCondition, z.array(reportCondition).min(2).describe("Conditions that must all hold (e.g. a band of two scales)")])
  .describe("When a text or block applies: one condition, or a list of conditions that must all hold");
export type ReportWhen = z.infer<typeof reportWhen>;

/** A text with an optional condition. */
export const conditionalText = z
  .union([
    text.describe("Always said"),
    z.strictObject({
      text: text.describe("The words, with {{placeholders}} (docs/reports.md)"),
      when: reportWhen.optional().describe("Said only when this holds; left out, always"),
    }),
  ])
  .describe("A text, or { text, when } for a text said only when its condition holds");

/** What the template says about one scale. */
export const scaleCopy = z
  .strictObject({
    /** Short letter for a profile code (RIASEC). */
    letter: z
      .string()
      .regex(/^[A-Z]{1,3}$/)
      .optional()
      .describe("Short capital letter(s) for a profile code, e.g. R for realistic; every scale of a profile report needs one"),
    /** Whether a higher score is better (e.g. emotional intelligence), worse (stress) or neither (interests). */
    higher_is: z
      .enum(["better", "worse", "neutral"])
      .default("neutral")
      .describe("Whether a higher score is better (emotional intelligence), worse (stress) or neither (interests)"),
    /** What the scale measures, in plain words. */
    about: text.describe("What the scale measures, in plain words"),
    /**
     * What the person's level means: by band id (levels), or by place in the profile (profile: top,
     * middle, bottom, and level for a flat profile, where no area is ahead of another).
     */
    meaning: z
      .record(z.string(), text)
      .describe("What the person's level means: one text per band id of the scale, or for a profile report top, middle, bottom and level"),
    /** Shown among strengths when the scale is in the block's top (claims rule; none when flat), or in a band listed in `strength_bands`. */
    strength: text.optional().describe("Shown among strengths when the scale is in a strengths block's top (none when flat) or in a strength_bands band"),
    strength_bands: z.array(identifier).optional().describe("Band ids in which the scale counts as a strength, whatever its rank"),
    /** Shown among watch-outs when the scale is in the block's bottom (claims rule; none when flat), or in a band listed in `watch_bands`. */
    watch: text.optional().describe("Shown among watch-outs when the scale is in a watch_outs block's bottom (none when flat) or in a watch_bands band"),
    watch_bands: z.array(identifier).optional().describe("Band ids in which the scale counts as a watch-out, whatever its rank"),
    /** Account content that fits people high on this scale: plan:<code>, article:<slug>, tool:<name>. */
    links: z
      .array(z.string().regex(/^(plan|article|tool):[a-z0-9-]+$/, "a link is plan:<code>, article:<slug> or tool:<name>"))
      .default([])
      .describe("Account content for people high on this scale: plan:<code>, article:<slug>, tool:<name>"),
  })
  .describe("What the template says about one scale of its flow");

const when = { when: reportWhen.optional().describe("The block shows only when this holds; left out, always") };

/** The blocks a template section is made of; the engine turns each into document blocks. */
export const templateBlock = z
  .union([
    z.strictObject({ paragraph: text.describe("A paragraph of text, with {{placeholders}}"), ...when }).describe("A paragraph"),
    z.strictObject({ heading: text.describe("A sub-heading inside the section"), ...when }).describe("A sub-heading"),
    z
      .strictObject({
        list: z.array(conditionalText).min(1).describe("The items; an item with `when` is listed only when it holds, and a list with no item left is dropped"),
        numbered: z.boolean().default(false).describe("true: a numbered list (steps in order); false: bullets"),
        ...when,
      })
      .describe("A list of texts"),
    z
      .strictObject({
        callout: z
          .strictObject({
            tone: z
              .enum(["strength", "watch", "note", "help"])
              .describe("strength (green), watch (amber), note (neutral), or help (where to get help: only in a help section)"),
            title: text.describe("The callout's title"),
            text: text.describe("The callout's text"),
          })
          .describe("A boxed text that stands out"),
        ...when,
      })
      .describe("A callout"),
    /** Every scale as a bar chart, highest first. */
    z
      .strictObject({
        scale_chart: z.strictObject({ caption: text.describe("Says what the bars show, under the chart") }).describe("Every scale as a bar, highest first"),
        ...when,
      })
      .describe("A bar chart of every scale"),
    /** Every scale with what its level means, highest first. */
    z
      .strictObject({
        scale_details: z.strictObject({}).default({}).describe("Every scale with its score and what its level means (its `meaning`), highest first; write {}"),
        ...when,
      })
      .describe("Every scale explained"),
    /** The letters of the top `letters` scales as a code, with scales level within the gap named; nothing for a flat profile. */
    z
      .strictObject({
        profile_code: z
          .strictObject({ letters: z.number().int().min(1).max(6).describe("How many letters the code has, e.g. 3 for a Holland code") })
          .describe("The top scales' letters as a code, scales level within claims.min_gap named; nothing for a flat profile (profile reports only)"),
        ...when,
      })
      .describe("A profile code"),
    /** The strengths of the scales that qualify, as strength callouts. */
    z
      .strictObject({
        strengths: z
          .strictObject({ top: z.number().int().min(1).max(6).default(3).describe("How many of the highest scales (claims rule) may show their `strength`") })
          .describe("The `strength` texts of the scales that qualify, as strength callouts"),
        ...when,
      })
      .describe("Strengths"),
    /** The watch-outs of the scales that qualify, as watch callouts. */
    z
      .strictObject({
        watch_outs: z
          .strictObject({ bottom: z.number().int().min(1).max(6).default(2).describe("How many of the lowest scales (claims rule) may show their `watch`") })
          .describe("The `watch` texts of the scales that qualify, as watch callouts"),
        ...when,
      })
      .describe("Watch-outs"),
    /** Account content from the top scales' links (none when flat), plus `always`, at most `limit`. */
    z
      .strictObject({
        links: z
          .strictObject({
            top: z.number().int().min(0).max(6).default(2).describe("How many of the highest scales' `links` to take (none when flat)"),
            always: z
              .array(z.string().regex(/^(plan|article|tool):[a-z0-9-]+$/))
              .default([])
              .describe("Links every reader gets: plan:<code>, article:<slug>, tool:<name>"),
            limit: z.number().int().min(1).max(12).default(6).describe("At most this many links in all"),
          })
          .describe("Links to account content (plans, articles, tools)"),
        ...when,
      })
      .describe("Links to account content"),
    /** The best-matching occupations (career reports). */
    z
      .strictObject({
        professions: z
          .strictObject({
            count: z.number().int().min(1).max(30).describe("How many occupations to list"),
            /** Said instead of the list when no occupation can be matched (a flat profile: every area level). */
            none: text.describe("Said instead of the list when no occupation can be matched (a flat profile: every area level)"),
          })
          .describe("The occupations that best match the profile (career reports)"),
        ...when,
      })
      .describe("Matching occupations"),
    z
      .strictObject({
        sources: z
          .array(
            z
              .strictObject({ text: text.describe("The citation, as readers see it"), url: z.url().optional().describe("Where to read it") })
              .describe("One source"),
          )
          .min(1)
          .describe("The works the report relies on"),
        ...when,
      })
      .describe("Sources"),
  ])
  .describe(
    "One block of a section: exactly one of paragraph, heading, list, callout, scale_chart, scale_details, profile_code, strengths, watch_outs, links, professions, sources, with an optional when",
  );
export type TemplateBlock = z.infer<typeof templateBlock>;

/**
 * Marks a section as where to find help (ADR 030, "Help is never for sale"). Help is never behind
 * payment: in the free teaser the section is open, whole, when one of `when_any` holds (the band
 * that calls for help; `true`: always) and absent otherwise, never locked; the paid report has it
 * as its blocks say. No pre-checkout line may deliver it (flows:check, the build and the server's
 * start refuse one), and every help callout of the template must be in such a section.
 */
export const helpSection = z
  .union([
    z.literal(true).describe("Always open in the free teaser"),
    z
      .strictObject({
        when_any: z.array(reportWhen).min(1).describe("Open in the free teaser when any of these holds (e.g. the bands that call for help), absent otherwise"),
      })
      .describe("Open when one of when_any holds"),
  ])
  .describe("Marks the section as where to find help (ADR 030): never locked, never sold");

export const templateSection = z
  .strictObject({
    /** Named by pre-checkout items (`delivers`), so it must stay stable. */
    id: identifier.describe("The section's id; pre-checkout items name it (`delivers`), so keep it stable"),
    title: text.describe("The section's heading"),
    /** Where to find help: open before payment, never sold (helpSection). */
    help: helpSection.optional(),
    blocks: z.array(templateBlock).min(1).describe("What the section says, in order"),
  })
  .describe("A section of the report, with its heading and blocks");

export const reportTemplate = z
  .strictObject({
    /** The report's title on its cover and page. */
    title: text.describe("The report's title on its cover and page"),
    /** Words before the date under the title, e.g. "Career interests". */
    subtitle: text.describe('Words before the date under the title, e.g. "Career interests"'),
    /** The summary at the top: the first text whose condition holds. */
    summary: z.array(conditionalText).min(1).describe("The summary at the top of the paid report: the first text whose condition holds"),
    /** The summary of the teaser shown before payment (the top area and one insight): the first text whose condition holds. */
    teaser: z.array(conditionalText).min(1).describe("The summary of the free teaser shown before payment: the first text whose condition holds"),
    scales: z.record(identifier, scaleCopy).describe("What the report says about each scale of the flow, by scale id: every scale, and only the flow's"),
    /** The rule for comparative claims; every template has it, with these defaults. */
    claims: claimsRule,
    /**
     * The scale the free teaser of a levels report features first, whatever its place (ADR 050):
     * for a check whose scales point different ways (stress: higher is worse; recovery: higher is
     * better), where the most marked scale is not the one its summary and page title speak of.
     * Left out, the teaser features the most marked scale.
     */
    lead: identifier
      .optional()
      .describe("The scale the free teaser features first whatever its place (a levels report whose scales point different ways); left out, the most marked"),
    sections: z.array(templateSection).min(1).describe("The report's sections, in order"),
    /**
     * The example report for people who have none (/account/reports/example_prompt and its PDF): an
     * imagined profile, each scale's position 0–100. It is labelled as an example wherever it shows.
     */
    example: z
      .strictObject({
        positions: z
          .record(identifier, z.number().min(0).max(100))
          .describe("Each scale's position 0–100 within its range, by scale id: every scale of the flow"),
      })
      .describe("The example report for people who have none (/account/reports/example_prompt and its PDF): an imagined profile, labelled as an example"),
  })
  .describe("A report template");
export type ReportTemplate = z.infer<typeof reportTemplate>;
