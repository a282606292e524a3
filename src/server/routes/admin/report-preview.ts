import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors } from "#schemas/api/admin.ts";
import {
  reportCodeParams,
  reportPreview,
  reportPreviewBody,
  reportTemplateList,
  reportTemplateOne,
  type ReportTemplateSummary,
} from "#schemas/api/admin-previews.ts";
import type { ReportDocument } from "#schemas/report/document.ts";
import { buildReport, buildTeaser } from "#engine/report/build-report.ts";
import { EXAMPLE_DATE, buildExampleReport, exampleScores } from "#engine/report/example-report.ts";
import { positionsFromScores } from "#engine/report/match-professions.ts";
import { reportScales } from "#engine/report/report-scales.ts";
import { HttpError, notFound } from "#server/errors.ts";
import type { ReportInputs } from "#server/reports/session-report.ts";
import { professionItems } from "#server/reports/session-report.ts";
import { matchedProfessions } from "#server/content/professions.ts";
import { descriptions } from "./descriptions.ts";

/** A template's cover line, scales and example positions, for the preview's score inputs. */
function summaryOf(code: string, inputs: ReportInputs): ReportTemplateSummary {
  const { flow, template } = inputs;
  const named = new Map(reportScales(flow, template, exampleScores(inputs)).map((s) => [s.id, s.name]));
  return {
    code,
    title: template.title,
    subtitle: template.subtitle,
    flowCode: flow.code,
    scales: (flow.scoring?.scales ?? []).map((s) => ({ id: s.id, name: named.get(s.id) ?? s.id, example: template.example.positions[s.id] ?? 0 })),
  };
}

/**
 * /api/admin/reports: report templates as staff preview them (/admin/reports/:code). The preview
 * is built exactly as the example report is (the engine, the example's date, occupations matched
 * to the profile), from the example profile or from chosen positions. It reads; it never writes.
 */
export const reportPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  const inputsOf = (code: string): ReportInputs => {
    const inputs = services.reports.inputsFor(code);
    if (!inputs) throw notFound(`Report template “${code}”`);
    return inputs;
  };

  app.get(
    "/reports",
    { schema: { summary: "Report templates staff can preview", tags: ["admin"], response: { 200: reportTemplateList, ...adminErrors } } },
    async () => ({
      data: services.flows
        .all()
        .map((flow) => flow.report)
        .filter((code, i, all) => all.indexOf(code) === i && services.reports.has(code))
        .sort()
        .map((code) => summaryOf(code, inputsOf(code))),
    }),
  );

  app.get(
    "/reports/:code",
    {
      schema: {
        summary: "One report template: its title and scales with their example positions",
        tags: ["admin"],
        params: reportCodeParams,
        response: { 200: reportTemplateOne, ...adminErrors },
      },
    },
    async (request) => ({ data: summaryOf(request.params.code, inputsOf(request.params.code)) }),
  );

  app.post(
    "/reports/:code/preview",
    {
      schema: {
        summary: "A report template's report for the example profile or chosen positions",
        description: descriptions["POST /reports/:code/preview"],
        tags: ["admin"],
        params: reportCodeParams,
        body: reportPreviewBody,
        response: { 200: reportPreview, ...adminErrors },
      },
    },
    async (request) => {
      const inputs = inputsOf(request.params.code);
      const chosen = request.body.positions ?? {};
      const known = new Set((inputs.flow.scoring?.scales ?? []).map((s) => s.id));
      const unknown = Object.keys(chosen).filter((id) => !known.has(id));
      if (unknown.length > 0)
        throw new HttpError(
          400,
          "unknown_scale",
          `The ${request.params.code} report has no scale ${unknown.map((id) => `“${id}”`).join(", ")}; its scales are ${[...known].join(", ")}`,
        );
      const scores = exampleScores(inputs, chosen);
      if (request.body.layout === "teaser") {
        // A teaser has no occupations (they are part of the paid report).
        return { data: buildTeaser({ ...inputs, professions: [], answers: {}, scores, firstName: null, completedAt: EXAMPLE_DATE, resultId: null }) };
      }
      const positions = positionsFromScores(scores.scales);
      const professions = positions ? professionItems(await matchedProfessions(services.db, positions, 30)) : [];
      if (Object.keys(chosen).length === 0) return { data: buildExampleReport({ ...inputs, professions }) };
      const document: ReportDocument = buildReport({ ...inputs, professions, answers: {}, scores, firstName: null, completedAt: EXAMPLE_DATE, resultId: null });
      return { data: { ...document, cover: { ...document.cover, subtitle: `Preview for chosen scores · ${inputs.template.subtitle}` } } };
    },
  );
};
