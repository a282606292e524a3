// URL: GET /api/info-data-catalog/list
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogList } from "#schemas/api/catalog.ts";
import { commonErrors } from "#schemas/api/envelope.ts";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/info-data-catalog/list",
    {
      // Answered from memory (src/server/payments/catalog-cache.ts): a place in line would cost it a third of its speed.
      config: { skipsTheLine: true },
      schema: {
        summary: "Every catalogue text as {code, text}",
        description: "Sent with an ETag; a matching If-None-Match gets 304.",
        tags: ["content"],
        response: { 200: catalogList, 304: z.undefined().describe("Not modified"), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { json, etag } = await app.services.catalog.get();
      void reply.header("etag", etag).header("cache-control", "public, max-age=60");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(undefined);
      // Already serialized (and validated by the content schema at sync): sent as it is.
      return reply.type("application/json; charset=utf-8").send(json as unknown as z.output<typeof catalogList>);
    },
  );
};
