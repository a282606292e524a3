import { HOUSE_LOCALE, LONG_DATE } from "#schemas/content/house-locale.ts";

/**
 * Every date the app shows is written here, so none wraps inside at a narrow width ("1 / December
 * 2026" at 375 px): the spaces between its parts are no-break spaces. A screen reader reads them as
 * spaces.
 */
const together = (text: string) => text.replaceAll(" ", "\u00a0");

/** A month, written in full or short ("March", "Mar", "Sept"). */
const MONTH = "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
const DATE_IN_TEXT = new RegExp(`\\b\\d{1,2} ${MONTH}(?: \\d{4})?\\b|\\b${MONTH} \\d{1,2}(?:, \\d{4})?\\b`, "g");
/** "23:10 UTC", "11:10 PM GMT+1": a time and its zone. */
const TIME_IN_TEXT = /\b\d{1,2}:\d{2}(?: [AP]M)?(?: [A-Z]{1,5}(?:[+-]\d{1,2}(?::\d{2})?)?)?/g;

/**
 * `Intl.DateTimeFormat` in the house locale (schemas/content/house-locale.ts) with these options, for ISO strings or dates. A date is held together;
 * a date with a time holds the date and the time each together, and may break between them (a
 * receipt's "Refunded on 1 December 2026, 23:10 UTC" at 375 px). The formatter is made when the
 * first date is written: making one is costly (≈ 16 ms the first time, 66 ms on a 4× slower CPU), and
 * a funnel preloads the screens that write dates long before they show one (issue 31).
 */
export function dateFormatter(options: Intl.DateTimeFormatOptions): (value: string | Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  const hold = options.hour === undefined ? together : (text: string) => text.replace(DATE_IN_TEXT, together).replace(TIME_IN_TEXT, together);
  return (value) => hold((format ??= new Intl.DateTimeFormat(HOUSE_LOCALE, options)).format(typeof value === "string" ? new Date(value) : value));
}

/** A text written elsewhere that names dates (a report's cover, built by the server): each date held together like those written here. */
export const datesHeldTogether = (text: string) => text.replace(DATE_IN_TEXT, together);

/** "12 March 2027" for an ISO date-time. */
export const formatDate = dateFormatter(LONG_DATE);
