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
export const claimOutcome = z.enum(["one", "tie"]);
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
    min_gap: z.number().int().min(1).max(50).default(10),
    flat: z.strictObject({ title: text, text }).default(DEFAULT_FLAT_NOTE),
  })
  .default({ min_gap: 10, flat: DEFAULT_FLAT_NOTE });
export type ClaimsRule = z.infer<typeof claimsRule>;

/** When a block or a text applies. All conditions listed must hold. */
export const reportCondition = z
  .strictObject({
    /** The scale's rank in this profile under the claims rule (1 = highest; scales within `claims.min_gap` of each other share a rank). */
    rank_of: identifier.optional(),
    at_most: z.number().int().min(1).optional(),
    at_least: z.number().int().min(1).optional(),
    /** The scale's band is one of `in`. */
    band_of: identifier.optional(),
    /** The answer to a step is one of `in`: option ids, or a likert step's values written as text ("2"). */
    answer_of: identifier.optional(),
    in: z.array(z.string().min(1)).min(1).optional(),
    /** Whether the person gave a first name. */
    first_name: z.boolean().optional(),
    /**
     * The claims rule's outcome (see `claims`): `one` when a single scale is that far ahead of the
     * others, `tie` when several are level with it; neither holds for a flat profile.
     */
    highest: claimOutcome.optional(),
    lowest: claimOutcome.optional(),
    most_marked: claimOutcome.optional(),
    /** Whether every scale is within `claims.min_gap` of every other: a profile with no clear shape. */
    flat: z.boolean().optional(),
  })
  .refine((c) => !c.rank_of || c.at_most !== undefined || c.at_least !== undefined, "rank_of needs at_most or at_least")
  .refine((c) => !(c.band_of && c.answer_of), "use band_of or answer_of, not both, in one condition")
  .refine((c) => !(c.band_of || c.answer_of) || c.in !== undefined, "band_of and answer_of need in: [...]")
  .refine((c) => Object.keys(c).length > 0, "a condition needs at least one test");
export type ReportCondition = z.infer<typeof reportCondition>;

/**
 * When a text or block applies: one condition, or a list of conditions that must all hold (for
 * tests on two scales or two answers, e.g. a band of presence and a band of search).
 */
export const reportWhen = z.union([reportCondition, z.array(reportCondition).min(2)]);
export type ReportWhen = z.infer<typeof reportWhen>;

/** A text with an optional condition. */
export const conditionalText = z.union([text, z.strictObject({ text, when: reportWhen.optional() })]);

/** What the template says about one scale. */
export const scaleCopy = z.strictObject({
  /** Short letter for a profile code (RIASEC). */
  letter: z
    .string()
    .regex(/^[A-Z]{1,3}$/)
    .optional(),
  /** Whether a higher score is better (e.g. emotional intelligence), worse (stress) or neither (interests). */
  higher_is: z.enum(["better", "worse", "neutral"]).default("neutral"),
  /** What the scale measures, in plain words. */
  about: text,
  /**
   * What the person's level means: by band id (levels), or by place in the profile (profile: top,
   * middle, bottom, and level for a flat profile, where no area is ahead of another).
   */
  meaning: z.record(z.string(), text),
  /** Shown among strengths when the scale is in the block's top (claims rule; none when flat), or in a band listed in `strength_bands`. */
  strength: text.optional(),
  strength_bands: z.array(identifier).optional(),
  /** Shown among watch-outs when the scale is in the block's bottom (claims rule; none when flat), or in a band listed in `watch_bands`. */
  watch: text.optional(),
  watch_bands: z.array(identifier).optional(),
  /** Account content that fits people high on this scale: plan:<code>, article:<slug>, tool:<name>. */
  links: z.array(z.string().regex(/^(plan|article|tool):[a-z0-9-]+$/, "a link is plan:<code>, article:<slug> or tool:<name>")).default([]),
});

const when = { when: reportWhen.optional() };

/** The blocks a template section is made of; the engine turns each into document blocks. */
export const templateBlock = z.union([
  z.strictObject({ paragraph: text, ...when }),
  z.strictObject({ heading: text, ...when }),
  z.strictObject({ list: z.array(conditionalText).min(1), numbered: z.boolean().default(false), ...when }),
  z.strictObject({ callout: z.strictObject({ tone: z.enum(["strength", "watch", "note", "help"]), title: text, text }), ...when }),
  /** Every scale as a bar chart, highest first. */
  z.strictObject({ scale_chart: z.strictObject({ caption: text }), ...when }),
  /** Every scale with what its level means, highest first. */
  z.strictObject({ scale_details: z.strictObject({}).default({}), ...when }),
  /** The letters of the top `letters` scales as a code, with scales level within the gap named; nothing for a flat profile. */
  z.strictObject({ profile_code: z.strictObject({ letters: z.number().int().min(1).max(6) }), ...when }),
  /** The strengths of the scales that qualify, as strength callouts. */
  z.strictObject({ strengths: z.strictObject({ top: z.number().int().min(1).max(6).default(3) }), ...when }),
  /** The watch-outs of the scales that qualify, as watch callouts. */
  z.strictObject({ watch_outs: z.strictObject({ bottom: z.number().int().min(1).max(6).default(2) }), ...when }),
  /** Account content from the top scales' links (none when flat), plus `always`, at most `limit`. */
  z.strictObject({
    links: z.strictObject({
      top: z.number().int().min(0).max(6).default(2),
      always: z.array(z.string().regex(/^(plan|article|tool):[a-z0-9-]+$/)).default([]),
      limit: z.number().int().min(1).max(12).default(6),
    }),
    ...when,
  }),
  /** The best-matching occupations (career reports). */
  z.strictObject({
    professions: z.strictObject({
      count: z.number().int().min(1).max(30),
      /** Said instead of the list when no occupation can be matched (a flat profile: every area level). */
      none: text,
    }),
    ...when,
  }),
  z.strictObject({ sources: z.array(z.strictObject({ text, url: z.url().optional() })).min(1), ...when }),
]);
export type TemplateBlock = z.infer<typeof templateBlock>;

/**
 * Marks a section as where to find help (ADR 030, "Help is never for sale"). Help is never behind
 * payment: in the free teaser the section is open, whole, when one of `when_any` holds (the band
 * that calls for help; `true`: always) and absent otherwise, never locked; the paid report has it
 * as its blocks say. No pre-checkout line may deliver it (flows:check, the build and the server's
 * start refuse one), and every help callout of the template must be in such a section.
 */
export const helpSection = z.union([z.literal(true), z.strictObject({ when_any: z.array(reportWhen).min(1) })]);

export const templateSection = z.strictObject({
  /** Named by pre-checkout items (`delivers`), so it must stay stable. */
  id: identifier,
  title: text,
  /** Where to find help: open before payment, never sold (helpSection). */
  help: helpSection.optional(),
  blocks: z.array(templateBlock).min(1),
});

export const reportTemplate = z.strictObject({
  /** The report's title on its cover and page. */
  title: text,
  /** Words before the date under the title, e.g. "Career interests". */
  subtitle: text,
  /** The summary at the top: the first text whose condition holds. */
  summary: z.array(conditionalText).min(1),
  /** The summary of the teaser shown before payment (the top area and one insight): the first text whose condition holds. */
  teaser: z.array(conditionalText).min(1),
  scales: z.record(identifier, scaleCopy),
  /** The rule for comparative claims; every template has it, with these defaults. */
  claims: claimsRule,
  sections: z.array(templateSection).min(1),
  /**
   * The example report for people who have none (/account/reports/example_prompt and its PDF): an
   * imagined profile, each scale's position 0–100. It is labelled as an example wherever it shows.
   */
  example: z.strictObject({ positions: z.record(identifier, z.number().min(0).max(100)) }),
});
export type ReportTemplate = z.infer<typeof reportTemplate>;
