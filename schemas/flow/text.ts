import { z } from "zod";

/**
 * Words a visitor reads. Either inline text, or `{ code }` naming an info-data catalogue entry
 * (content/catalog), which the app shows through `t(code)` so copy can change without a deploy.
 */
export const catalogCode = z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_-]+)+$/, "a catalogue code looks like area.name, e.g. career.intro.title");
export const text = z.union([
  z.string().trim().min(1, "text must not be empty").max(2000),
  z.strictObject({ code: catalogCode.describe("An info-data catalogue entry (content/catalog), e.g. career.intro.title") }),
]);
export type Text = z.infer<typeof text>;

/** An identifier a YAML author chooses: steps, options, scales, variants. Stable: answers are stored under it. */
export const identifier = z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, "use lower-case letters, digits, - and _, starting with a letter (at most 63)");

/** A path in the app, e.g. /quiz/career_test_green or /burnout/email. */
export const appPath = z.string().regex(/^\/[a-z0-9_-]+(\/[a-z0-9_-]+)*$/, "a path starts with / and has lower-case segments of letters, digits, - and _");

/** A picture served from /content-images/… (files in content/images). */
export const image = z.strictObject({
  src: z
    .string()
    .regex(/^\/content-images\/[a-z0-9/_-]+\.(svg|png|jpg|webp)$/, "must be /content-images/<file>.svg|png|jpg|webp")
    .describe("/content-images/<file>: a file in content/images"),
  alt: text.or(z.literal("")).describe('What the picture shows, for screen readers; use "" only for decoration'),
});
export type Image = z.infer<typeof image>;
