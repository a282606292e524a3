import path from "node:path";
import { ALIASES, ROOT, resolveSpecifier } from "./resolve.js";

/**
 * Imports of another area, or from two or more folders up, go through the area's alias
 * (package.json#imports: "#engine/flow/compile.ts", not "../../../src/engine/flow/compile.ts").
 * A relative path is kept for a neighbour: the same folder or one folder up inside the same area.
 * Fixable: `npm run fix` writes the alias.
 */

/** The top area of a file: an aliased folder (src/engine, schemas, …) or its top-level folder (tests, bench, …). */
function areaOf(file) {
  for (const [, folder] of ALIASES) if (file.startsWith(folder)) return folder;
  const [top] = path.relative(ROOT, file).split(path.sep);
  return path.join(ROOT, top ?? "") + path.sep;
}

/** The alias a relative specifier should be written as, or null when a relative path is right (or no alias exists). */
export function aliasFor(fromFile, spec) {
  if (!spec.startsWith("../") && !spec.startsWith("./")) return null;
  // A tool's config at the root (playwright.config.ts, vite.config.ts) is loaded before any alias
  // resolves, and "./tests/…" climbs nothing: it keeps its relative path.
  if (path.dirname(fromFile) === ROOT) return null;
  const target = resolveSpecifier(fromFile, spec);
  const alias = ALIASES.find(([, folder]) => target.startsWith(folder));
  if (!alias) return null;
  const climbs = spec.split("/").filter((part) => part === "..").length;
  const leavesArea = areaOf(fromFile) !== alias[1];
  if (climbs < 2 && !leavesArea) return null;
  return alias[0] + path.relative(alias[1], target).split(path.sep).join("/");
}

/** @type {import("eslint").Rule.RuleModule} */
export const noDeepRelative = {
  meta: {
    type: "suggestion",
    fixable: "code",
    schema: [],
    messages: { deep: 'Import "{{spec}}" through its alias: "{{alias}}" (package.json#imports).' },
  },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const alias = aliasFor(context.filename, source.value);
      if (!alias) return;
      const quote = source.raw[0];
      context.report({
        node: source,
        messageId: "deep",
        data: { spec: source.value, alias },
        fix: (fixer) => fixer.replaceText(source, quote + alias + quote),
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** The config entry that turns the rule on for every source file (added to eslint.config.js after the conversion). */
/** @type {import("eslint").Linter.Config} */
export const deepImports = {
  files: ["**/*.{ts,tsx}"],
  // Declaration files keep relative paths: typescript-eslint's type-aware rules lost the types of
  // virtual:flows when src/web/funnel/virtual-flows.d.ts named its imports by alias (tsc did not).
  ignores: ["**/*.d.ts"],
  plugins: { aliases: { rules: { "no-deep-relative": noDeepRelative } } },
  rules: { "aliases/no-deep-relative": "error" },
};
