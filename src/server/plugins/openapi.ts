import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Pathwise API",
        version,
        description:
          "Every call is under /api and uses cookie credentials. Success bodies are { data }, errors { error: { code, message, issues? } }. Writes need Content-Type: application/json and a same-site Origin.",
      },
    },
    transform: jsonSchemaTransform,
  });
}
