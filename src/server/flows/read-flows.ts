import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { checkFlows } from "../../engine/flow/check-flows.ts";
import type { CompiledFlow } from "../../engine/flow/types.ts";
import type { Problem } from "../../engine/yaml/parse-located.ts";

export type FlowsResult = { ok: true; flows: CompiledFlow[] } | { ok: false; problems: Problem[] };

/**
 * Reads every flow file of a folder (`*.yaml`, or those matching `only`) and checks them
 * together; any problem means no flows. File names in problems are relative to the working directory.
 */
export async function readFlows(dir: string, only: RegExp = /\.ya?ml$/): Promise<FlowsResult> {
  const names = (await readdir(dir)).filter((n) => only.test(n)).sort();
  const files = await Promise.all(
    names.map(async (name) => ({ file: relative(process.cwd(), join(dir, name)), text: await readFile(join(dir, name), "utf8") })),
  );
  const { flows, problems } = checkFlows(files);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, flows };
}
