import type { FastifyBaseLogger } from "fastify";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import type { ReportTemplate } from "#schemas/report/template.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { templateFits } from "#engine/report/check-template.ts";
import type { Db } from "../db/client.ts";
import { browserFlows } from "./browser-flow.ts";
import { runReportWorker } from "./report-worker.ts";
import type { Flows } from "../flows/flows.ts";
import type { ReportTemplates } from "./read-report-templates.ts";
import type { ReportInputs } from "./session-report.ts";

/**
 * Personal reports: the templates and account content they are built from, and the worker that
 * builds the queued ones. It polls every `intervalSeconds`, runs at once when kicked after a
 * payment commits, and `drain()` builds everything due now and waits (shutdown, tests).
 */
export function createReportService(
  db: Db,
  flows: Flows,
  templates: ReportTemplates,
  library: ReportLibrary,
  options: { intervalSeconds: number; appOrigin: string; onReady: () => void },
) {
  const { intervalSeconds } = options;
  let log: FastifyBaseLogger | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  /** The live templates: those read at start, then each one published (ADR 066) in place of its code's. */
  const live = new Map(templates);
  /** The live flow and template of a report code: the example report and the console's preview. */
  const inputsFor = (reportCode: string): ReportInputs | null => {
    const flow = flows.byReport(reportCode);
    const template = live.get(reportCode);
    return flow && template ? { flow, template, library } : null;
  };
  const fit = new WeakMap<ReportTemplate, Map<string, boolean>>();
  const fits = (template: ReportTemplate, flow: CompiledFlow) => {
    const known = fit.get(template) ?? new Map<string, boolean>();
    fit.set(template, known);
    if (!known.has(flow.hash)) known.set(flow.hash, templateFits(template, flow, library));
    return known.get(flow.hash)!;
  };
  /**
   * What a session's report is built from (ADR 066): the flow version the session ran (its steps,
   * scoring and labels), with its report's live template, or the one the app started with when the
   * live one does not fit that version (a scale or band it no longer has). When neither fits (a
   * deploy changed both), the live flow and template, as before versions, so a paid report is built.
   */
  const inputsForSession = (session: { flowCode: string; flowHash: string }): ReportInputs | null => {
    const flow = flows.ofSession(session);
    if (!flow) return null;
    const template = [live.get(flow.report), templates.get(flow.report)].find((t) => t !== undefined && fits(t, flow));
    return template ? { flow, template, library } : inputsFor(flow.report);
  };

  async function pass(): Promise<void> {
    do {
      again = false;
      let result;
      while ((result = await runReportWorker(db, { inputsForSession, appOrigin: options.appOrigin }, log ?? silent)).claimed > 0) {
        // Each ready report queued its e-mail: send it now.
        if (result.ready > 0) options.onReady();
      }
    } while (again);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err: unknown) => log?.error({ err }, "report worker failed"))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    inputsFor,
    inputsForSession,
    /** A flow as a browser gets it, with the claims rule of the template its sessions' reports use (browser-flow.ts). */
    browserFlow: browserFlows((flow) => inputsForSession({ flowCode: flow.code, flowHash: flow.hash })?.template),
    /** Whether this report code has a template (a flow without one gets no full report). */
    has: (reportCode: string) => live.has(reportCode),
    /** The account content templates link to, for checking a template before it goes live. */
    library,
    /** Makes a checked template live: reports built from now on use it. */
    goLive: (reportCode: string, template: ReportTemplate) => void live.set(reportCode, template),
    kick: () => void run(),
    drain: () => run(),
    start(logger: FastifyBaseLogger) {
      log = logger;
      if (intervalSeconds > 0) {
        timer = setInterval(() => void run(), intervalSeconds * 1000);
        timer.unref();
      }
      void run();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

const silent = { error: () => undefined } as unknown as FastifyBaseLogger;
