import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBody } from "#schemas/api/envelope.ts";
import { health } from "#schemas/api/health.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { config: { skipsTheLine: true }, schema: { summary: "Liveness and database reachability", tags: ["ops"], response: { 200: health, 503: errorBody } } },
    async (request, reply) => {
      const { database } = app.services;
      try {
        await database.ping();
        return { data: { status: "ok" as const, database: database.driver } };
      } catch (err) {
        request.log.error({ err }, "health check: database unreachable");
        return reply.status(503).send({ error: { code: "database_unreachable", message: "The database is not reachable" } });
      }
    },
  );
};
