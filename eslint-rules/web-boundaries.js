import path from "node:path";
import { resolveSpecifier } from "./resolve.js";

/**
 * Keeps the browser code layered: the app shell composes features and funnels; features and the
 * funnel runner build on src/web/shared; shared code builds on nothing above it. So a feature never
 * imports the app shell, the funnel runner or another feature, and shared code imports none of them.
 * Relative imports are resolved against the importing file, so "../../professions/x" is caught too,
 * and so are aliases ("#web/features/professions/x", package.json#imports).
 */
const WEB = path.join("src", "web");

/** Which layer (and, for features, which feature) a file under src/web belongs to. */
function layerOf(relative) {
  const [top, second] = relative.split(path.sep);
  if (top === "features") return { layer: "features", feature: second };
  return { layer: top };
}

function problem(from, to) {
  if (from.layer === "shared" && ["app", "features", "funnel"].includes(to.layer)) return `shared code must not import src/web/${to.layer}`;
  if (from.layer === "funnel" && ["app", "features"].includes(to.layer)) return `the funnel runner must not import src/web/${to.layer}`;
  if (from.layer !== "features") return null;
  if (to.layer === "app" || to.layer === "funnel") return `a feature must not import src/web/${to.layer}; move what it needs into src/web/shared`;
  if (to.layer === "features" && to.feature !== from.feature)
    return `feature "${from.feature}" must not import feature "${to.feature}"; share through src/web/shared or compose in src/web/app`;
  return null;
}

export const webBoundaries = {
  meta: { type: "problem", schema: [], messages: { crossing: "{{why}}." } },
  create(context) {
    const webRoot = path.join(context.cwd, WEB);
    const fromRelative = path.relative(webRoot, context.filename);
    if (fromRelative.startsWith("..")) return {};
    const from = layerOf(fromRelative);
    const check = (node) => {
      const spec = node.source && node.source.value;
      const target = typeof spec === "string" ? resolveSpecifier(context.filename, spec) : null;
      if (!target) return;
      const toRelative = path.relative(webRoot, target);
      if (toRelative.startsWith("..")) return;
      const why = problem(from, layerOf(toRelative));
      if (why) context.report({ node: node.source, messageId: "crossing", data: { why } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
