import { translate, type CatalogMap } from "./catalog/translate.ts";
import { logClient } from "./log/log.ts";

const PAY_SYSTEMS = ["max_pay", "pay_pro"] as const;
export type PaySystem = (typeof PAY_SYSTEMS)[number];
const DEFAULT_PAY_SYSTEM: PaySystem = "max_pay";
const PAY_SYSTEM_CODE = "pay_system";

/** Catalogue text without HTML tags and surrounding white space ("<p> pay_pro </p>" → "pay_pro"). */
export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, "").trim();
}

function isPaySystem(value: string): value is PaySystem {
  return (PAY_SYSTEMS as readonly string[]).includes(value);
}

/**
 * The payment system named by the catalogue code `pay_system` (spec §5, §9). Anything else —
 * a missing code included — is logged as 'Unknown pay system' and falls back to max_pay.
 */
export function paySystemFromCatalog(map: CatalogMap, log: typeof logClient = logClient): PaySystem {
  const value = stripTags(translate(map, PAY_SYSTEM_CODE));
  if (isPaySystem(value)) return value;
  log("warn", `Unknown pay system: ${JSON.stringify(value.slice(0, 100))}; using ${DEFAULT_PAY_SYSTEM}`);
  return DEFAULT_PAY_SYSTEM;
}
