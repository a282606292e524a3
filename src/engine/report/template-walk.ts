import type { ReportCondition, ReportTemplate, ReportWhen } from "#schemas/report/template.ts";
import type { YamlPath } from "../yaml/parse-located.ts";
import { conditionsOf } from "./report-conditions.ts";
import { COMPARATIVE, variablesIn, type TemplateVariable } from "./interpolate.ts";

/** One text of a template, where it is, and every condition it is shown under (its block's and its own). */
export type TemplateText = { path: YamlPath; text: string; when: ReportCondition[] };

const own = (item: string | { text: string; when?: ReportWhen }) =>
  typeof item === "string" ? { text: item, when: [] } : { text: item.text, when: conditionsOf(item.when) };

/** Every text of the template with its YAML path and the conditions it is shown under. */
export function* templateTexts(t: ReportTemplate): Generator<TemplateText> {
  yield { path: ["title"], text: t.title, when: [] };
  for (const key of ["summary", "teaser"] as const) for (const [i, s] of t[key].entries()) yield { path: [key, i], ...own(s) };
  for (const [id, c] of Object.entries(t.scales)) {
    yield { path: ["scales", id, "about"], text: c.about, when: [] };
    for (const [k, v] of Object.entries(c.meaning)) yield { path: ["scales", id, "meaning", k], text: v, when: [] };
    if (c.strength) yield { path: ["scales", id, "strength"], text: c.strength, when: [] };
    if (c.watch) yield { path: ["scales", id, "watch"], text: c.watch, when: [] };
  }
  yield { path: ["claims", "flat", "text"], text: t.claims.flat.text, when: [{ flat: true }] };
  for (const [si, section] of t.sections.entries()) {
    yield { path: ["sections", si, "title"], text: section.title, when: [] };
    for (const [bi, block] of section.blocks.entries()) {
      const at = ["sections", si, "blocks", bi];
      const scope = conditionsOf(block.when);
      if ("paragraph" in block) yield { path: [...at, "paragraph"], text: block.paragraph, when: scope };
      if ("heading" in block) yield { path: [...at, "heading"], text: block.heading, when: scope };
      if ("list" in block)
        for (const [li, item] of block.list.entries()) {
          const { text, when } = own(item);
          yield { path: [...at, "list", li], text, when: [...scope, ...when] };
        }
      if ("callout" in block) {
        yield { path: [...at, "callout", "title"], text: block.callout.title, when: scope };
        yield { path: [...at, "callout", "text"], text: block.callout.text, when: scope };
      }
    }
  }
}

/** The conditions of the template with their paths. */
function* templateConditions(t: ReportTemplate): Generator<[YamlPath, ReportCondition]> {
  const each = function* (path: YamlPath, when: ReportWhen | undefined): Generator<[YamlPath, ReportCondition]> {
    if (Array.isArray(when)) for (const [i, c] of when.entries()) yield [[...path, i], c];
    else if (when) yield [path, when];
  };
  for (const key of ["summary", "teaser"] as const) for (const [i, s] of t[key].entries()) if (typeof s !== "string") yield* each([key, i, "when"], s.when);
  for (const [si, section] of t.sections.entries()) {
    for (const [bi, block] of section.blocks.entries()) {
      const at = ["sections", si, "blocks", bi];
      yield* each([...at, "when"], block.when);
      if ("list" in block) for (const [li, item] of block.list.entries()) if (typeof item !== "string") yield* each([...at, "list", li, "when"], item.when);
    }
  }
}

/**
 * Whether a report from this template compares its scales anywhere: a profile (places, code,
 * strengths by rank), a comparative variable or a claims-rule condition. Only such a report says
 * its profile is flat; a report read band by band has nothing to call level.
 */
export function comparesScales(t: ReportTemplate, interpretation: "profile" | "levels"): boolean {
  if (interpretation === "profile") return true;
  for (const { text } of templateTexts(t)) if (variablesIn(text).some((v) => COMPARATIVE[v as TemplateVariable])) return true;
  for (const [, c] of templateConditions(t)) if (c.highest || c.lowest || c.most_marked || c.flat !== undefined) return true;
  return t.sections.some((s) =>
    s.blocks.some((b) => "profile_code" in b || ("strengths" in b && !everyBanded(t, "strength")) || ("watch_outs" in b && !everyBanded(t, "watch"))),
  );
}

/** Whether every scale that has a strength (watch) text picks it by band, not by place. */
const everyBanded = (t: ReportTemplate, kind: "strength" | "watch") =>
  Object.values(t.scales).every((c) => !c[kind] || (kind === "strength" ? c.strength_bands : c.watch_bands));
