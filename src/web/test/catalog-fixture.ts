import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import type { CatalogMap } from "../shared/catalog/translate.ts";

let cached: CatalogMap | null = null;

/** The real catalogue texts from content/catalog/app.yaml (tests run from the repository root). */
export function realCatalog(): CatalogMap {
  cached ??= Object.freeze(parse(readFileSync(resolve(process.cwd(), "content/catalog/app.yaml"), "utf8")) as Record<string, string>);
  return cached;
}
