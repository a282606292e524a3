import type { FastifyBaseLogger } from "fastify";
import { watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import type { Services } from "#server/app-services.ts";
import { publish } from "./publish.ts";

/** Edits come in bursts (an editor writes, renames, writes again): one publish after the burst. */
const SETTLE_MS = 150;
const FLOW_FILE = /\.ya?ml$/;
const TEMPLATE = new RegExp(`^([a-z0-9_]{1,64})\\${sep}report\\.yaml$`);

/**
 * In development the running app watches the flows folder and content/reports and publishes a
 * changed file the way `npm run flows:publish` does (ADR 066): checked, then live for new visitors;
 * a file that fails the check logs its located problems and changes nothing. Returns the way to stop.
 */
export function watchAndPublish(services: Services, options: { flowsDir: string; contentDir: string; log: FastifyBaseLogger }): () => void {
  const { flowsDir, log } = options;
  const reportsDir = join(options.contentDir, "reports");
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running = Promise.resolve();

  async function publishPending() {
    const paths = [...pending];
    pending.clear();
    const read = await Promise.all(paths.map(async (path) => ({ path, text: await readFile(path, "utf8").catch(() => null) })));
    const present = read.filter((f): f is { path: string; text: string } => f.text !== null && f.text !== "");
    const project = (path: string) => relative(process.cwd(), path).split(sep).join("/");
    const flows = present.filter((f) => !f.path.startsWith(reportsDir + sep)).map((f) => ({ file: project(f.path), text: f.text }));
    const reports = present.flatMap((f) => {
      const code = TEMPLATE.exec(relative(reportsDir, f.path))?.[1];
      return code && f.path.startsWith(reportsDir + sep) ? [{ code, file: project(f.path), text: f.text }] : [];
    });
    if (flows.length + reports.length === 0) return;
    const published = await publish(services, { flows, reports });
    if (!published.ok) {
      log.error(`${published.problems.length} problem(s): nothing was published\n${published.problems.map(formatProblem).join("\n")}`);
      return;
    }
    const changed = [...published.result.flows.filter((f) => f.changed).map((f) => `${f.code} ${f.hash}`), ...published.result.reports.filter((r) => r.changed).map((r) => `report ${r.code}`)];
    if (changed.length > 0) log.info({ changed }, "published from the watched files");
  }

  const changedAt = (path: string) => {
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = running.then(publishPending).catch((err: unknown) => log.error({ err }, "publishing the watched files failed"));
    }, SETTLE_MS);
  };
  const watchers: FSWatcher[] = [];
  const add = (dir: string, recursive: boolean, wanted: (name: string) => boolean) => {
    try {
      const watcher = watch(dir, { recursive }, (_event, name) => {
        if (name && wanted(name)) changedAt(join(dir, name));
      });
      watcher.on("error", (err) => log.warn({ err, dir }, "stopped watching"));
      watchers.push(watcher);
    } catch (err) {
      log.warn({ err, dir }, "cannot watch this folder: edits there need npm run flows:publish");
    }
  };
  add(flowsDir, false, (name) => FLOW_FILE.test(name));
  add(reportsDir, true, (name) => TEMPLATE.test(name));
  log.info({ flowsDir, reportsDir }, "watching flows and report templates: a saved file is published");
  return () => {
    if (timer) clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
