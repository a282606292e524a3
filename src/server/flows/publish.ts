import type { z } from "zod";
import type { publishBody, PublishResult } from "#schemas/api/admin-flows.ts";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import { checkReportTemplate } from "#engine/report/check-template.ts";
import type { ReportTemplate } from "#schemas/report/template.ts";
import type { Problem } from "#engine/yaml/parse-located.ts";
import { checkFunnelReports } from "#server/reports/check-funnel-reports.ts";
import type { Services } from "#server/app-services.ts";
import { liveSources, recordVersions, templateHash } from "./flow-versions.ts";

type Publishing = z.output<typeof publishBody>;
export type Published = { ok: true; result: PublishResult } | { ok: false; problems: Problem[] };

/**
 * Publishes flow files and report templates to the running app (ADR 066): each flow is checked with
 * the other live flows as `flows:check` checks a named file (the same located problems), each
 * template against the flow that will use it. One problem refuses them all and nothing changes;
 * otherwise every changed file is recorded as a version and is live for new visitors at once.
 */
export function publish(services: Services, input: Publishing): Promise<Published> {
  // One change at a time per process (the CLI, the watcher, the look at what other processes published):
  // each publish is checked against what the one before made live.
  return services.versions.oneAtATime(() => publishNow(services, input));
}

async function publishNow(services: Services, input: Publishing): Promise<Published> {
  const { db, flows, reports, clock, contentDir, versions } = services;
  const live = await liveSources(db, "flow");
  const named = new Set(input.flows.map((f) => f.file));
  // A named file takes the place of the live flow with its code, whatever the file's name.
  const replaced = new Set(input.flows.flatMap((f) => {
    const loaded = loadFlow(f.file, f.text);
    return loaded.ok ? [loaded.value.code] : [];
  }));
  // The other flows as they are live now (not as their files are on disk), so a clash is told on the named file.
  const neighbours = flows.all().flatMap((f) => {
    const row = live.get(f.code);
    return row && !named.has(row.file) && !replaced.has(f.code) ? [{ file: row.file, text: row.source }] : [];
  });
  const all = checkFlows([...neighbours, ...input.flows]);
  const checked = all.flows.filter((f) => named.has(f.file));
  const texts = new Map(input.flows.map((f) => [f.file, f.text]));
  const problems: Problem[] = [
    ...all.problems.filter((p) => named.has(p.file)),
    ...(checked.length > 0 ? await checkFunnelReports(checked, texts, contentDir) : []),
  ];

  const templates: { code: string; file: string; text: string; template: ReportTemplate }[] = [];
  for (const r of input.reports) {
    const flow = checked.find((f) => f.report === r.code) ?? flows.byReport(r.code);
    if (!flow) {
      problems.push({ file: r.file, line: 1, column: 1, path: "", message: `no live flow makes report ${r.code}` });
      continue;
    }
    const template = checkReportTemplate(r.file, r.text, flow, reports.library);
    if (template.ok) templates.push({ ...r, template: template.value });
    else problems.push(...template.problems);
  }
  if (problems.length > 0) return { ok: false, problems };

  const liveTemplates = await liveSources(db, "report_template");
  const changedFlows = checked.filter((f) => live.get(f.code)?.source !== texts.get(f.file));
  const changedTemplates = templates.filter((t) => liveTemplates.get(t.code)?.source !== t.text);
  const now = clock.now();
  const ids = await db.transaction(async (tx) => [
    ...(await recordVersions(
      tx,
      "flow",
      changedFlows.map((f) => ({ code: f.code, hash: f.hash, file: f.file, source: texts.get(f.file)! })),
      "publish",
      now,
    )),
    ...(await recordVersions(
      tx,
      "report_template",
      changedTemplates.map((t) => ({ code: t.code, hash: templateHash(t.text), file: t.file, source: t.text })),
      "publish",
      now,
    )),
  ]);
  // Live here now; the other processes make them live when they next look at the table (follow-versions.ts).
  versions.recorded(ids);
  flows.goLive(changedFlows);
  for (const t of changedTemplates) reports.goLive(t.code, t.template);
  return {
    ok: true,
    result: {
      flows: checked.map((f) => ({ code: f.code, hash: f.hash, file: f.file, changed: changedFlows.includes(f) })),
      reports: templates.map((t) => ({ code: t.code, file: t.file, changed: changedTemplates.includes(t) })),
    },
  };
}
