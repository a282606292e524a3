/**
 * How the product writes dates and times, everywhere a visitor or customer reads one — pages, e-mails,
 * reports and the console: British English ("12 March 2027", "16:53"), so an e-mail and the account
 * page never write the same day two ways.
 */
export const HOUSE_LOCALE = "en-GB";

/** A day in words: "12 March 2027". */
export const LONG_DATE = { day: "numeric", month: "long", year: "numeric" } as const satisfies Intl.DateTimeFormatOptions;
