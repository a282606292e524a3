import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors, envelope } from "#schemas/api/envelope.ts";
import { location } from "#schemas/api/location.ts";
import { locate } from "#server/platform/location.ts";
import { descriptions } from "./descriptions.ts";

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/location",
    {
      schema: {
        summary: "The visitor's country and the currency to show prices in",
        description: descriptions["GET /location"],
        tags: ["content"],
        response: { 200: envelope(location), ...commonErrors },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "private, no-store").header("vary", "accept-language");
      return { data: locate(request.headers, app.services.env.GEO_COUNTRY_HEADER) };
    },
  );
};
