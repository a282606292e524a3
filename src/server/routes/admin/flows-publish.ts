import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors } from "#schemas/api/admin.ts";
import { publishBody, publishRefused, publishResult } from "#schemas/api/admin-flows.ts";
import { HttpError } from "#server/errors.ts";
import { publish } from "#server/flows/publish.ts";
import { descriptions } from "./descriptions.ts";

/** Every flow and template of the project together is under 1 MB today. */
export const PUBLISH_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * POST /api/admin/flows/publish (ADR 066): `npm run flows:publish` and the dev watcher send changed
 * flow files and report templates; they are live for new visitors when the call answers.
 */
export const flowPublishRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  app.post(
    "/flows/publish",
    {
      bodyLimit: PUBLISH_BODY_LIMIT,
      preHandler: async (request) => {
        if (request.staff?.kind !== "operator")
          throw new HttpError(403, "operator_only", "Flows are published with npm run flows:publish on the app's machine");
      },
      schema: {
        summary: "Publish flow files and report templates to the running app",
        description: descriptions["POST /flows/publish"],
        tags: ["admin"],
        body: publishBody,
        response: { 200: publishResult, 422: publishRefused, ...adminErrors },
      },
    },
    async (request, reply) => {
      const published = await publish(services, request.body);
      if (published.ok) {
        const changed = published.result.flows.filter((f) => f.changed).map((f) => `${f.code} ${f.hash}`);
        if (changed.length > 0) request.log.info({ changed }, "flows published");
        return { data: published.result };
      }
      const n = published.problems.length;
      return reply.status(422).send({
        error: { code: "flow_problems" as const, message: `${n} problem${n === 1 ? "" : "s"}: nothing was published`, problems: published.problems },
      });
    },
  );
};
