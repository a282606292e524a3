import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT, resolveSpecifier } from "./resolve.js";

/**
 * No import cycles among the repository's own modules. Type-only imports count: a cycle through
 * `import type` still ties two modules into one unit that cannot be understood, tested or moved
 * apart (issue 22 found three). Lazy `import()` calls do not count: they are how the app splits.
 * The imports of other files are read from disk (top-level statements only) and kept for the run.
 */
const CANDIDATES = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];
const edgesCache = new Map();

function existing(file) {
  for (const suffix of CANDIDATES) if (statSync(file + suffix, { throwIfNoEntry: false })?.isFile()) return file + suffix;
  return null;
}

/** The files a module imports statically (type-only included), as absolute paths inside the repository. */
function edgesOf(file, specifiers) {
  const out = [];
  for (const spec of specifiers) {
    const target = resolveSpecifier(file, spec);
    const found = target && existing(target);
    if (found && found.startsWith(ROOT) && !found.includes(`${path.sep}node_modules${path.sep}`)) out.push(found);
  }
  return out;
}

function specifiersOnDisk(file) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specs = [];
  for (const statement of source.statements) {
    const spec = statement.moduleSpecifier ?? statement.moduleReference?.expression;
    if (spec && ts.isStringLiteral(spec)) specs.push(spec.text);
  }
  return specs;
}

function edgesOnDisk(file) {
  let edges = edgesCache.get(file);
  if (!edges) {
    edges = /\.[cm]?[jt]sx?$/.test(file) ? edgesOf(file, specifiersOnDisk(file)) : [];
    edgesCache.set(file, edges);
  }
  return edges;
}

/** A path of imports from `start` back to `target`, or null (depth-first, each file visited once). */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of edgesOnDisk(file)) if (!seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

export const noCycle = {
  meta: { type: "problem", schema: [], messages: { cycle: "Import cycle: {{trail}}. Move what both sides need into the lower module." } },
  create(context) {
    const self = context.filename;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string") return;
      const [target] = edgesOf(self, [spec]);
      if (!target || target === self) return;
      const trail = pathBack(target, self);
      if (trail) context.report({ node: node.source, messageId: "cycle", data: { trail: [self, ...trail].map((f) => path.relative(ROOT, f)).join(" → ") } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
