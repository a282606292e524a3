import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "#schemas/api/envelope.ts";
import { HttpError } from "../errors.ts";
import { LockedError } from "../accounts/account-access.ts";

const body = (code: string, message: string, issues?: ErrorBody["error"]["issues"]): ErrorBody => ({
  error: issues ? { code, message, issues } : { code, message },
});

/** Fastify's own client errors, translated into our envelope. */
const fastifyClientErrors: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported_media_type", "Send the body as application/json"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "invalid_body", "The body does not match its Content-Length"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "invalid_json", "The JSON body is empty"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "body_too_large", "The body is too large"],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "invalid_json", "The body is not valid JSON"],
};

/** One error handler: 4xx bodies say what was wrong, 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof LockedError) {
      return reply.status(403).send({ error: { code: error.code, message: error.message, unlock: error.unlock } } satisfies ErrorBody);
    }
    if (error instanceof HttpError) {
      void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      const issues = error.validation.map((issue) => {
        const path = issue.instancePath.split("/").filter(Boolean).join(".");
        const keys = (issue.params as { keys?: unknown }).keys;
        const field = issue.keyword === "unrecognized_keys" && Array.isArray(keys) ? keys.join(", ") : undefined;
        return { path: [where, path, field].filter(Boolean).join("."), message: issue.message ?? "is invalid" };
      });
      const first = issues[0];
      return reply.status(400).send(body("invalid_request", first ? `${first.path}: ${first.message}` : "Invalid request", issues));
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send(body(known[1], known[2]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429) return reply.status(429).send(body("rate_limited", "Too many requests"));
      return reply.status(error.statusCode).send(body("bad_request", error.message));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(body("internal", "Something went wrong on our side. Please try again."));
  });
}
