// URL: GET /api/info-data-catalog/list
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogList } from "#schemas/api/catalog.ts";
import { commonErrors } from "#schemas/api/envelope.ts";
import { acceptedEncoding } from "#server/platform/accepted-encoding.ts";

/** Whether If-None-Match names this ETag (a list, a weak validator or `*`; RFC 9110 compares them weakly for GET). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(",").some((tag) => ["*", etag].includes(tag.trim().replace(/^W\//, "")));

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/info-data-catalog/list",
    {
      // Answered from memory (src/server/payments/catalog-cache.ts): a place in line would cost it a third of its speed.
      config: { skipsTheLine: true },
      // Compressed once per catalogue version by the cache, not on every request by @fastify/compress.
      compress: false,
      schema: {
        summary: "Every catalogue text as {code, text}",
        description: "Sent with an ETag; a matching If-None-Match gets 304. Brotli or gzip when accepted.",
        tags: ["content"],
        response: { 200: catalogList, 304: z.undefined().describe("Not modified"), ...commonErrors },
      },
    },
    async (request, reply) => {
      const body = await app.services.catalog.get();
      void reply.header("etag", body.etag).header("cache-control", "public, max-age=60").header("vary", "accept-encoding");
      if (matches(request.headers["if-none-match"], body.etag)) return reply.status(304).send(undefined);
      // Already serialized (and validated by the content schema at sync): its bytes sent as they are.
      void reply.type("application/json; charset=utf-8");
      const encoding = acceptedEncoding(request.headers["accept-encoding"]);
      const bytes = encoding ? await body.encoded(encoding) : body.bytes;
      if (encoding) void reply.header("content-encoding", encoding);
      return reply.send(bytes as unknown as z.output<typeof catalogList>);
    },
  );
};
