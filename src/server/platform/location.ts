import type { Currency, Location } from "#schemas/api/location.ts";

const EURO = "AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES".split(" ");
const CURRENCY_BY_COUNTRY: Record<string, Currency> = {
  ...Object.fromEntries(EURO.map((c) => [c, "EUR" as const])),
  GB: "GBP",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
};

const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** Codes ICU names that are not countries: user-assigned ones (ZZ "Unknown Region", XA…; XK Kosovo stays) and groupings (EU, EZ, UN). */
const NOT_COUNTRIES = /^(AA|Q[M-Z]|X[A-JL-Z]|ZZ|EU|EZ|UN)$/;

/** A real ISO 3166-1 alpha-2 code, upper-cased, or null ("XX", "T1" and the like are not countries). */
function countryCode(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.test(code)) return null;
  return regions.of(code) ? code : null;
}

/** The region of the first language tag that has one: "en-GB,en;q=0.8" → GB. */
function countryFromAcceptLanguage(header: string | undefined): string | null {
  if (!header) return null;
  const tags = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const region = tag
      .split("-")
      .slice(1)
      .find((sub) => /^[A-Za-z]{2}$/.test(sub));
    const code = countryCode(region);
    if (code) return code;
  }
  return null;
}

export function locate(headers: Record<string, string | string[] | undefined>, cdnHeader?: string): Location {
  const fromCdn = cdnHeader ? countryCode(String(headers[cdnHeader] ?? "")) : null;
  const fromLanguage = fromCdn ? null : countryFromAcceptLanguage(headers["accept-language"] as string | undefined);
  const country = fromCdn ?? fromLanguage;
  return {
    country,
    currency: (country && CURRENCY_BY_COUNTRY[country]) || "USD",
    source: fromCdn ? "cdn" : fromLanguage ? "accept-language" : null,
  };
}
