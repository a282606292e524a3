/** The info-data catalogue as a code → text map. */
export type CatalogMap = Readonly<Record<string, string>>;

import type { CatalogEntry } from "#schemas/api/catalog.ts";

export type { CatalogEntry };

export const EMPTY_CATALOG: CatalogMap = Object.freeze({});

/** The text for `code`, or the code in double braces when the catalogue has no such entry. */
export function translate(map: CatalogMap, code: string): string {
  return Object.hasOwn(map, code) ? (map[code] as string) : `{{${code}}}`;
}

/** Builds the map from the list the API returns; a later duplicate code wins. */
export function toCatalogMap(entries: readonly CatalogEntry[]): CatalogMap {
  const map: Record<string, string> = {};
  for (const { code, text } of entries) map[code] = text;
  return map;
}
