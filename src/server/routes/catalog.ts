import { asc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogList } from "../../../schemas/api/catalog.ts";
import { commonErrors } from "../../../schemas/api/envelope.ts";
import { catalogEntries } from "../db/schema.ts";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/info-data-catalog/list",
    { schema: { summary: "Every catalogue text as {code, text}", tags: ["content"], response: { 200: catalogList, ...commonErrors } } },
    async (_request, reply) => {
      const rows = await app.services.db
        .select({ code: catalogEntries.code, text: catalogEntries.text })
        .from(catalogEntries)
        .orderBy(asc(catalogEntries.code));
      void reply.header("cache-control", "public, max-age=60");
      return { data: rows };
    },
  );
};
