import { parseYaml, type Problem } from "#engine/yaml/parse-located.ts";
import { didYouMean } from "#engine/yaml/did-you-mean.ts";
import type { CompiledFlow } from "../types.ts";

type Named = { id: string; path: (string | number)[] };

/** Every plan a flow's offers name (its own and its variants'), with the YAML path of each. */
function plansNamed(flow: CompiledFlow): Named[] {
  const own = (flow.offer?.plans ?? []).map((id, i) => ({ id, path: ["offer", "plans", i] }));
  const variants = flow.experiments.flatMap((e, ei) =>
    e.variants.flatMap((v, vi) => (v.offer?.plans ?? []).map((id, i) => ({ id, path: ["experiments", ei, "variants", vi, "offer", "plans", i] }))),
  );
  return [...own, ...variants];
}

/**
 * Plans an offer names that the catalogue does not sell (`catalogue`: the ids of
 * content/products): no provider knows them, so no visitor could buy them.
 */
export function checkOffers(flows: readonly CompiledFlow[], catalogue: readonly string[], texts: ReadonlyMap<string, string>): Problem[] {
  const known = new Set(catalogue);
  return flows.flatMap((flow) => {
    const unknown = plansNamed(flow).filter((p) => !known.has(p.id));
    if (unknown.length === 0) return [];
    const parsed = parseYaml(flow.file, texts.get(flow.file) ?? "");
    const locate = parsed.ok ? parsed.value.locate : () => ({ line: 1, column: 1 });
    return unknown.map(({ id, path }): Problem => ({
      file: flow.file,
      ...locate(path),
      path: path.join("."),
      message: `plan "${id}" is not in the catalogue (content/products)`,
      hint: didYouMean(id, catalogue) ?? `offer one of ${catalogue.join(", ")}, or add the plan to content/products first`,
    }));
  });
}
