import { readFileSync } from "node:fs";
import path from "node:path";

/** The repository root (this folder's parent) and its import aliases, from package.json#imports. */
export const ROOT = path.resolve(import.meta.dirname, "..");
const imports = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).imports ?? {};

/** Each alias as [prefix, folder]: "#engine/*" → ["#engine/", "<root>/src/engine/"]. */
export const ALIASES = Object.entries(imports)
  .filter(([key, target]) => key.endsWith("/*") && typeof target === "string" && target.endsWith("/*"))
  .map(([key, target]) => [key.slice(0, -1), path.join(ROOT, target.slice(0, -2)) + path.sep]);

/**
 * The absolute path a specifier names, for the repository's own modules: relative ("./x.ts",
 * "../../y.ts") or an alias ("#engine/flow/x.ts"). Packages and node: builtins give null.
 */
export function resolveSpecifier(fromFile, spec) {
  if (spec.startsWith("./") || spec.startsWith("../")) return path.resolve(path.dirname(fromFile), spec);
  for (const [prefix, folder] of ALIASES) if (spec.startsWith(prefix)) return folder + spec.slice(prefix.length);
  return null;
}
