/**
 * How money is written, everywhere: the web app, e-mails, receipts and the payment sandbox pages.
 * One rule, no zod and no Intl locale data, so the browser and the server write the same characters:
 * the currency's unambiguous symbol, then the amount with two decimals and a comma every three
 * digits ("US$29.99", "€1,234.56", "CA$26.99", "A$74.99", "£1.49"). A currency without a symbol
 * here is written with its code ("CHF 12.00").
 */
const SYMBOLS: Readonly<Record<string, string>> = { USD: "US$", EUR: "€", GBP: "£", CAD: "CA$", AUD: "A$" };

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

const symbolOf = (currency: string) => SYMBOLS[currency] ?? `${currency} `;

/** Minor units rounded to the nearest cent (half away from zero), as whole and fraction digits: 122959.5 → ["1229", "60"]. */
function digits(minor: number): { negative: boolean; whole: string; fraction: string } {
  const cents = Math.round(Math.abs(minor));
  return { negative: minor < 0 && cents > 0, whole: String(Math.floor(cents / 100)), fraction: String(cents % 100).padStart(2, "0") };
}

/** An amount in minor units (cents): 2999 → "US$29.99"; a negative one (a refund) → "−US$29.99". */
export function formatMoney(minor: number, currency: string): string {
  const { negative, whole, fraction } = digits(minor);
  return `${negative ? "−" : ""}${symbolOf(currency)}${grouped(whole)}.${fraction}`;
}

/**
 * The same amount as a plain decimal for a spreadsheet to sum, rounded as `formatMoney` rounds it:
 * 122959.5 → "1229.60" (the page writes US$1,229.60); a negative one → "-29.99".
 */
export function decimalMoney(minor: number): string {
  const { negative, whole, fraction } = digits(minor);
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** A whole amount in major units, for figures that are not prices (yearly pay): 93600 → "US$93,600". */
export function formatWholeMoney(major: number, currency: string): string {
  const rounded = Math.round(Math.abs(major));
  return `${major < 0 && rounded > 0 ? "−" : ""}${symbolOf(currency)}${grouped(String(rounded))}`;
}
