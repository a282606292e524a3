import type { CompiledFlow } from "../flow/types.ts";
import { didYouMean } from "../yaml/did-you-mean.ts";
import { parseYaml, type Problem } from "../yaml/parse-located.ts";

/** Sections every report has without a template saying so: kept in the account, and as a PDF. */
const PLATFORM_SECTIONS = ["account", "pdf"] as const;

/** A template's section as the check needs it: its id, and whether it is where to find help. */
export type PromisedSection = { id: string; help?: unknown };

/**
 * A funnel cannot promise what its report lacks: every item of a pre-checkout list names the
 * section that delivers it, and that section must exist in the flow's report template (or be one
 * the platform gives every report). Nor can it sell help: a section marked as help (ADR 030) is
 * open before payment, so no item may deliver it. `sections` maps a report code to its template's
 * sections.
 */
export function checkPromises(
  flows: readonly CompiledFlow[],
  sections: ReadonlyMap<string, readonly PromisedSection[]>,
  texts: ReadonlyMap<string, string>,
): Problem[] {
  const problems: Problem[] = [];
  for (const flow of flows) {
    const parsed = parseYaml(flow.file, texts.get(flow.file) ?? "");
    const locate = parsed.ok ? parsed.value.locate : () => ({ line: 1, column: 1 });
    const template = sections.get(flow.report);
    const known = template?.map((s) => s.id);
    const help = new Set(template?.filter((s) => s.help).map((s) => s.id));
    for (const [stepIndex, step] of flow.steps.entries()) {
      if (step.kind !== "pre_checkout") continue;
      for (const [i, item] of step.includes.entries()) {
        const path = ["steps", stepIndex, "includes", i, "delivers"];
        const at = { file: flow.file, ...locate(path), path: path.join("."), stepId: step.id };
        if (!known) {
          problems.push({
            ...at,
            message: `report ${flow.report} has no template, so nothing delivers "${item.delivers}"`,
            hint: `write content/reports/${flow.report}/report.yaml`,
          });
        } else if (help.has(item.delivers)) {
          problems.push({
            ...at,
            message: `section "${item.delivers}" of report ${flow.report} is where to find help, which is never for sale: it is open in the free result`,
            hint: "remove this line from includes: help is not part of what the payment buys",
          });
        } else if (!known.includes(item.delivers) && !(PLATFORM_SECTIONS as readonly string[]).includes(item.delivers)) {
          const all = [...known.filter((id) => !help.has(id)), ...PLATFORM_SECTIONS];
          const guess = didYouMean(item.delivers, all);
          problems.push({ ...at, message: `report ${flow.report} has no section "${item.delivers}"`, hint: guess ?? `sections: ${all.join(", ")}` });
        }
      }
    }
  }
  return problems;
}
