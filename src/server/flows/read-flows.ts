import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { Problem } from "#engine/yaml/parse-located.ts";

/** A flow file as read: `file` relative to the root (for problems), `path` absolute, and its text. */
export type FlowFile = { file: string; path: string; text: string };

export type FlowsResult =
  | {
      ok: true;
      flows: CompiledFlow[];
      /** Each flow file's text by its `file`, for locating later checks (promises, pictures). */
      texts: ReadonlyMap<string, string>;
    }
  | { ok: false; problems: Problem[] };

const FLOW_FILE = /\.ya?ml$/;

/**
 * The one reader of a flows folder (server, tests, flows:check, the build's virtual:flows): every
 * `*.yaml`/`*.yml` file (or those whose name matches `only`), sorted by name. A folder that does
 * not exist has no flows. `file` is relative to `root` (the working directory unless given).
 */
export async function readFlowFiles(dir: string, options: { only?: RegExp; root?: string } = {}): Promise<FlowFile[]> {
  const { only = FLOW_FILE, root = process.cwd() } = options;
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? [] : Promise.reject(e)));
  const paths = names
    .filter((n) => FLOW_FILE.test(n) && only.test(n))
    .sort()
    .map((n) => join(dir, n));
  return Promise.all(paths.map(async (path) => ({ file: relative(root, path), path, text: await readFile(path, "utf8") })));
}

/**
 * Reads every flow file of a folder (`*.yaml`, or those matching `only`) and checks them
 * together; any problem means no flows. File names in problems are relative to the working directory.
 */
export async function readFlows(dir: string, only?: RegExp): Promise<FlowsResult> {
  const files = await readFlowFiles(dir, { only });
  const { flows, problems } = checkFlows(files);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, flows, texts: new Map(files.map((f) => [f.file, f.text])) };
}
