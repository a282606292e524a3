import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { CatalogMap } from "../shared/catalog/translate.ts";

/** The real catalogue texts from content/catalog/app.yaml, as the API would serve them. */
export function realCatalog(): CatalogMap {
  const file = new URL("../../../content/catalog/app.yaml", import.meta.url);
  return parse(readFileSync(file, "utf8")) as Record<string, string>;
}
