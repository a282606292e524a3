import { fail, ok, type AnswerCheck } from "./rules.ts";

/** Longest name we keep; longer input is a mistake or an attack, not a name. */
export const NAME_MAX = 100;
const EMAIL_MAX = 254;
export const FEEDBACK_COMMENT_MAX = 2000;

// The shape zod's z.email() accepts, without shipping zod to the browser.
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Control characters other than tab and newlines have no place in typed answers, and a lone
 * UTF-16 surrogate is not text at all (PostgreSQL refuses to store either).
 */
const hasUntypable = (text: string) =>
  [...text].some((ch) => {
    const code = ch.codePointAt(0)!;
    return (code < 32 && ch !== "\t" && ch !== "\n" && ch !== "\r") || code === 127 || (code >= 0xd800 && code <= 0xdfff);
  });

/** Text a visitor typed: trimmed, required unless optional, bounded, typable. */
export function typedText(value: unknown, max: number, optional: boolean, what: string): AnswerCheck {
  if (typeof value !== "string") return fail(`send the ${what} as a string`);
  const text = value.trim();
  if (text === "" && !optional) return fail(`enter your ${what}`);
  if (text.length > max) return fail(`at most ${max} characters`);
  if (hasUntypable(text)) return fail("contains characters that cannot be typed");
  return ok(text);
}

/** An e-mail address: trimmed, lower-cased, of the shape mail servers accept. */
export function emailAddress(value: unknown): AnswerCheck {
  if (typeof value !== "string") return fail("send the e-mail address as a string");
  const address = value.trim().toLowerCase();
  if (address.length > EMAIL_MAX || !EMAIL.test(address)) return fail("enter a valid e-mail address");
  return ok(address);
}
