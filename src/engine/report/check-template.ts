import { reportTemplate, type ReportCondition, type ReportTemplate, type ReportWhen } from "#schemas/report/template.ts";
import { didYouMean } from "../yaml/did-you-mean.ts";
import type { CompiledFlow } from "../flow/types.ts";
import { parseYaml, type Located, type Problem, type YamlPath } from "../yaml/parse-located.ts";
import { resolveLink, type ReportLibrary } from "./build-report.ts";
import { COMPARATIVE, SCALE_VARIABLES, TEMPLATE_VARIABLES, variablesIn, type TemplateVariable } from "./interpolate.ts";
import { knownHint } from "../yaml/did-you-mean.ts";
import { templatePart, templateSchemaProblems } from "./template-problems.ts";
import { templateTexts, type TemplateText } from "./template-walk.ts";

type Found = { path: YamlPath; message: string; hint?: string };

const hint = (value: string, known: readonly string[]) => {
  const guess = didYouMean(value, known);
  return guess ? { hint: guess } : {};
};

/** For a scale id the flow does not have: the closest one, else the flow's scales. */
const scaleHint = (value: string, known: readonly string[]) => {
  const said = knownHint(value, known, "its scales are");
  return said ? { hint: said } : {};
};

/**
 * Scales by id in a map that must name every scale of the flow and no other (`scales`,
 * `example.positions`): a renamed or misspelt scale is one mistake, told at the key written, not
 * also as a scale left out.
 */
function scaleKeys(path: YamlPath, written: readonly string[], ids: readonly string[], flowCode: string, missing: (id: string) => Found): Found[] {
  const unknown = written.filter((id) => !ids.includes(id));
  const absent = ids.filter((id) => !written.includes(id));
  if (unknown.length === 1 && absent.length === 1)
    return [{ path: [...path, unknown[0]!], message: `${flowCode} has no scale "${unknown[0]}"`, hint: `rename it "${absent[0]}", the scale this leaves out` }];
  return [...absent.map(missing), ...unknown.map((id) => ({ path: [...path, id], message: `${flowCode} has no scale "${id}"`, ...scaleHint(id, ids) }))];
}

/** The conditions of the template with their paths. */
function* conditions(t: ReportTemplate): Generator<[YamlPath, ReportCondition]> {
  const each = function* (path: YamlPath, when: ReportWhen | undefined): Generator<[YamlPath, ReportCondition]> {
    if (Array.isArray(when)) for (const [i, c] of when.entries()) yield [[...path, i], c];
    else if (when) yield [path, when];
  };
  for (const [i, s] of t.summary.entries()) if (typeof s !== "string") yield* each(["summary", i, "when"], s.when);
  for (const [i, s] of t.teaser.entries()) if (typeof s !== "string") yield* each(["teaser", i, "when"], s.when);
  for (const [si, section] of t.sections.entries()) {
    if (typeof section.help === "object") for (const [i, when] of section.help.when_any.entries()) yield* each(["sections", si, "help", "when_any", i], when);
    for (const [bi, block] of section.blocks.entries()) {
      const at = ["sections", si, "blocks", bi];
      yield* each([...at, "when"], block.when);
      if ("list" in block) for (const [li, item] of block.list.entries()) if (typeof item !== "string") yield* each([...at, "list", li, "when"], item.when);
    }
  }
}

/** What the template says that its flow, or the account's content, cannot back. */
function crossCheck(t: ReportTemplate, flow: CompiledFlow, library: ReportLibrary): Found[] {
  const found: Found[] = [];
  const scales = flow.scoring?.scales ?? [];
  const ids = scales.map((s) => s.id);
  const profile = flow.scoring?.interpretation === "profile";
  found.push(
    ...scaleKeys(["scales"], Object.keys(t.scales), ids, flow.code, (id) => ({
      path: ["scales"],
      message: `says nothing about scale "${id}" of ${flow.code}`,
      hint: "every scale of the flow needs about and meaning",
    })),
  );
  for (const scale of scales) {
    const copy = t.scales[scale.id];
    if (!copy) continue;
    const needed = profile ? ["top", "middle", "bottom", "level"] : (scale.bands ?? []).map((b) => b.id);
    for (const key of needed)
      if (!copy.meaning[key])
        found.push({
          path: ["scales", scale.id, "meaning"],
          message: `has no meaning for "${key}"`,
          hint: profile ? "a profile report reads top, middle, bottom, and level (a flat profile)" : "one text per band of the scale",
        });
    for (const key of Object.keys(copy.meaning))
      if (!needed.includes(key))
        found.push({
          path: ["scales", scale.id, "meaning", key],
          message: `"${key}" is not a ${profile ? "place (top, middle, bottom)" : "band"} of ${scale.id}`,
          ...hint(key, needed),
        });
    for (const [i, ref] of copy.links.entries())
      if (!resolveLink(ref, library)) found.push({ path: ["scales", scale.id, "links", i], message: `${ref} is not in the account's content` });
    if (profile && !copy.letter) found.push({ path: ["scales", scale.id], message: "a profile report needs a letter for each scale" });
  }
  if (t.lead && !ids.includes(t.lead)) found.push({ path: ["lead"], message: `${flow.code} has no scale "${t.lead}"`, ...scaleHint(t.lead, ids) });
  if (t.lead && profile) found.push({ path: ["lead"], message: "a profile report features its highest area", hint: "lead is for a levels report" });
  found.push(
    ...scaleKeys(["example", "positions"], Object.keys(t.example.positions), ids, flow.code, (id) => ({
      path: ["example", "positions"],
      message: `the example has no position for scale "${id}"`,
    })),
  );
  for (const [path, c] of conditions(t)) {
    for (const key of ["rank_of", "band_of"] as const) {
      const id = c[key];
      if (id && !ids.includes(id)) found.push({ path: [...path, key], message: `${flow.code} has no scale "${id}"`, ...scaleHint(id, ids) });
    }
    if (c.band_of && ids.includes(c.band_of)) {
      const bands = scales.find((s) => s.id === c.band_of)?.bands?.map((b) => b.id) ?? [];
      for (const band of c.in ?? [])
        if (!bands.includes(band)) found.push({ path: [...path, "in"], message: `${c.band_of} has no band "${band}"`, ...hint(band, bands) });
    }
    if (c.answer_of) {
      const step = flow.steps.find((s) => s.id === c.answer_of);
      // A choice step's option ids, or a likert step's answer values (written as text: in: ["2", "3"]).
      const options =
        step?.kind === "likert"
          ? (flow.answerSets[step.answers] ?? []).map((a) => String(a.value))
          : step && "options" in step && Array.isArray(step.options)
            ? (step.options as { id: string }[]).map((o) => o.id)
            : null;
      if (!options)
        found.push({
          path: [...path, "answer_of"],
          message: `${flow.code} has no choice or likert step "${c.answer_of}"`,
          ...hint(
            c.answer_of,
            flow.steps.map((s) => s.id),
          ),
        });
      else
        for (const value of c.in ?? [])
          if (!options.includes(value)) found.push({ path: [...path, "in"], message: `${c.answer_of} has no option "${value}"`, ...hint(value, options) });
    }
  }
  for (const [si, section] of t.sections.entries()) {
    for (const [bi, block] of section.blocks.entries()) {
      if ("links" in block)
        for (const [i, ref] of block.links.always.entries())
          if (!resolveLink(ref, library))
            found.push({ path: ["sections", si, "blocks", bi, "links", "always", i], message: `${ref} is not in the account's content` });
      if ("profile_code" in block && !profile)
        found.push({ path: ["sections", si, "blocks", bi], message: "a profile code needs a flow read as a profile (scoring.interpretation: profile)" });
      // Help is never for sale (ADR 030): a help callout in a section that may be locked would be.
      if ("callout" in block && block.callout.tone === "help" && !section.help)
        found.push({
          path: ["sections", si, "blocks", bi, "callout", "tone"],
          message: `a help callout in section "${section.id}", which is not marked as help, would be locked before payment`,
          hint: "move it to the help section, or mark this section help: true (or help: { when_any: [...] })",
        });
    }
  }
  const sectionIds = t.sections.map((s) => s.id);
  for (const [i, id] of sectionIds.entries())
    if (sectionIds.indexOf(id) !== i) found.push({ path: ["sections", i, "id"], message: `section "${id}" is declared twice` });
  for (const text of templateTexts(t)) if (scales.length > 1) found.push(...unconditionedClaims(text));
  for (const { path, text } of templateTexts(t)) {
    for (const name of variablesIn(text)) {
      const [kind, scale] = name.split(":");
      if (scale !== undefined) {
        if (!(SCALE_VARIABLES as readonly string[]).includes(kind!))
          found.push({
            path,
            message: `{{${name}}}: a scale variable is ${SCALE_VARIABLES.map((k) => `{{${k}:<scale>}}`).join(", ")}`,
            ...hint(kind!, SCALE_VARIABLES),
          });
        else if (!ids.includes(scale)) found.push({ path, message: `{{${name}}}: the flow has no scale "${scale}"`, ...scaleHint(scale, ids) });
      } else if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name))
        found.push({
          path,
          message: `{{${name}}} is not a report variable`,
          hint:
            didYouMean(name, TEMPLATE_VARIABLES) ??
            "the placeholders are listed in docs/reports.md, and any scale's {{score:<scale>}}, {{max:<scale>}}, {{band:<scale>}}",
        });
    }
  }
  return found;
}

/**
 * The claims rule (ADR 036): a text naming a scale by comparison must be shown only under the
 * rule's outcome that makes its words true, so a tie is said as a tie and a flat profile gets
 * its own words. `{{highest}}` needs `highest: one` or `tie`, `{{top1_score}}` `highest: one`,
 * `{{code}}` a profile that is not flat.
 */
function unconditionedClaims({ path, text, when }: TemplateText): Found[] {
  const found: Found[] = [];
  for (const name of new Set(variablesIn(text))) {
    const rule = COMPARATIVE[name as TemplateVariable];
    if (!rule) continue;
    const notFlat = when.some((c) => c.flat === false || c.highest || c.lowest || c.most_marked);
    const ok =
      rule.claim === "flat"
        ? notFlat
        : when.some((c) => c[rule.claim as "highest" | "lowest" | "most_marked"] !== undefined && rule.outcomes.includes(c[rule.claim as "highest"]!));
    if (!ok)
      found.push({
        path,
        message: `{{${name}}} compares scales, so this text needs a condition on the claims rule's outcome`,
        hint:
          rule.claim === "flat"
            ? "add when: { flat: false } and write a variant for a flat profile (when: { flat: true })"
            : `add when: { ${rule.claim}: ${rule.outcomes.join(" | ")} } and write variants for ${rule.outcomes.length === 1 ? "a tie and " : ""}a flat profile`,
      });
  }
  return found;
}

/**
 * Reads a report template and checks it against its flow and the account's content: every
 * problem, located (file, line, column, YAML path), or the template.
 */
export function checkReportTemplate(file: string, text: string, flow: CompiledFlow, library: ReportLibrary): Located<ReportTemplate> {
  const parsed = parseYaml(file, text);
  if (!parsed.ok) return parsed;
  const { data } = parsed.value;
  const inPart = (p: Problem): Problem => {
    const part = templatePart(data, p.path);
    return part ? { ...p, part } : p;
  };
  const result = reportTemplate.safeParse(data);
  if (!result.success) return { ok: false, problems: templateSchemaProblems(file, parsed.value, result.error.issues).map(inPart) };
  // A text written as { text, when } is pointed at by its words, not by the item's first key.
  const at = (path: YamlPath) => {
    const value = path.reduce<unknown>((d, k) => (d as Record<string | number, unknown> | undefined)?.[k], data);
    return parsed.value.locate(typeof value === "object" && value !== null && "text" in value ? [...path, "text"] : path);
  };
  const problems: Problem[] = crossCheck(result.data, flow, library).map((f) =>
    inPart({
      file,
      ...at(f.path),
      path: f.path.join("."),
      message: f.message,
      ...(f.hint ? { hint: f.hint } : {}),
    }),
  );
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: result.data };
}

/**
 * Whether a template that passed its check can build reports of this flow version: what its flow
 * backs (scales, bands, answers) holds for this one too. A session pinned to an earlier version is
 * reported with the live template only when it does (ADR 066).
 */
export const templateFits = (template: ReportTemplate, flow: CompiledFlow, library: ReportLibrary): boolean => crossCheck(template, flow, library).length === 0;
