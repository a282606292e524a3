import { closest } from "#engine/yaml/did-you-mean.ts";
import type { Finding, LintInput } from "./lint-input.ts";

/**
 * An experiment's state that the engine could not follow or that contradicts itself (ADR 064): a
 * rolled-out variant the experiment does not have, `rolled_out` without `status: rolled_out` (or the
 * other way round), a stop before the start.
 */
export function experimentStateProblems(input: LintInput): Finding[] {
  return (input.experiments ?? []).flatMap((experiment, ei): Finding[] => {
    const at = (key: string) => ["experiments", ei, key];
    const ids = experiment.variants.map((v) => v.id);
    const found: Finding[] = [];
    if (experiment.rolled_out !== undefined && !ids.includes(experiment.rolled_out)) {
      const close = closest(experiment.rolled_out, ids);
      found.push({
        path: at("rolled_out"),
        message: `experiment "${experiment.id}" has no variant "${experiment.rolled_out}" to roll out`,
        hint: close ? `did you mean "${close}"?` : `its variants are: ${ids.join(", ")}`,
      });
    }
    if (experiment.status === "rolled_out" && experiment.rolled_out === undefined) {
      found.push({ path: at("status"), message: `experiment "${experiment.id}" is rolled out, but not which variant`, hint: "add rolled_out: <variant id>" });
    }
    if (experiment.rolled_out !== undefined && experiment.status !== "rolled_out") {
      found.push({
        path: at("rolled_out"),
        message: `experiment "${experiment.id}" names a rolled-out variant but its status is ${experiment.status ?? "running"}`,
        hint: "set status: rolled_out, or remove rolled_out",
      });
    }
    if (experiment.started && experiment.stopped && experiment.stopped < experiment.started) {
      found.push({ path: at("stopped"), message: `experiment "${experiment.id}" stopped (${experiment.stopped}) before it started (${experiment.started})` });
    }
    return found;
  });
}
