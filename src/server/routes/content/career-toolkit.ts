import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { careerToolkitOne } from "#schemas/api/career-toolkit.ts";
import { commonErrors } from "#schemas/api/envelope.ts";
import { notFound } from "#server/errors.ts";

/** GET /career-toolkit: the account's career content in stages. Open to everyone: it lists titles and summaries, the items themselves are in the account. */
export const careerToolkitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/career-toolkit",
    {
      schema: {
        summary: "The career toolkit: plans, articles and tools in the order a career decision goes",
        tags: ["content"],
        response: { 200: careerToolkitOne, ...commonErrors },
      },
    },
    async () => {
      const toolkit = app.services.careerToolkit;
      if (!toolkit) throw notFound("Career toolkit");
      return { data: toolkit };
    },
  );
};
