import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AD_SPEND_LIMITS, adSpendImportBody, adSpendImported, adSpendList } from "#schemas/api/admin-ad-spend.ts";
import { adminErrors } from "#schemas/api/admin.ts";
import type { ErrorBody } from "#schemas/api/envelope.ts";
import { parseAdSpendCsv } from "#server/analytics/spend/ad-spend-csv.ts";
import { importAdSpend, listAdSpend } from "#server/analytics/spend/ad-spend-store.ts";
import { HttpError } from "#server/errors.ts";
import { descriptions } from "./descriptions.ts";

/** The most lines a refusal names one by one (the count says how many more). */
const LISTED_PROBLEMS = 50;

/** A file at the size limit as JSON: every character escaped at worst doubles, plus the envelope. */
/** The import's body: the CSV's largest size, JSON-escaped, and its envelope. */
export const AD_SPEND_BODY_LIMIT = AD_SPEND_LIMITS.characters * 2 + 1024;

/**
 * /api/admin/ad-spend: what the ads cost, per day, source and campaign, imported as a CSV
 * (ADR 059, docs/analytics.md). The guard in index.ts lets only staff and the operator's tools in.
 */
export const adSpendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/ad-spend",
    {
      schema: {
        summary: "The ad spend imported so far, per source, campaign and currency",
        tags: ["admin"],
        response: { 200: adSpendList, ...adminErrors },
      },
    },
    async () => ({ data: await listAdSpend(services.db) }),
  );

  app.post(
    "/ad-spend",
    {
      bodyLimit: AD_SPEND_BODY_LIMIT,
      schema: {
        summary: "Import ad spend from a CSV: every row, or none",
        description: descriptions["POST /ad-spend"],
        tags: ["admin"],
        body: adSpendImportBody,
        response: { 200: adSpendImported, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { csv } = request.body;
      if (csv.length > AD_SPEND_LIMITS.characters) {
        throw new HttpError(
          413,
          "csv_too_large",
          `The file has ${csv.length.toLocaleString("en-US")} characters; one import takes at most ${AD_SPEND_LIMITS.characters.toLocaleString("en-US")}: split it`,
        );
      }
      const parsed = parseAdSpendCsv(csv);
      if (!parsed.ok) {
        const { problems } = parsed;
        const first = problems[0]!;
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more line${problems.length > 2 ? "s" : ""})` : "";
        const body: ErrorBody = {
          error: {
            code: "invalid_spend_csv",
            message: `Nothing was imported. Line ${first.line}: ${first.message}${more}`,
            issues: problems.slice(0, LISTED_PROBLEMS).map((p) => ({ path: `line ${p.line}`, message: p.message })),
          },
        };
        return reply.status(400).send(body);
      }
      return { data: await importAdSpend(services.db, parsed.rows, services.clock.now()) };
    },
  );
};
