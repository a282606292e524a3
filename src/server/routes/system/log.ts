import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors, ok } from "#schemas/api/envelope.ts";
import { logBody } from "#schemas/api/log.ts";
import { LIMITS, throttle } from "#server/platform/throttle.ts";

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/log",
    {
      schema: {
        summary: "Report a message from the browser to the team's chat channel",
        description: "Rate-limited per IP; forwarded to LOG_WEBHOOK_URL when set, else written to the server log. A failing webhook never fails the call.",
        tags: ["ops"],
        body: logBody,
        response: { 202: ok, ...commonErrors },
      },
    },
    async (request, reply) => {
      await throttle(app, `log:ip:${request.ip}`, LIMITS.logPerIp);
      const { message, level } = request.body;
      const entry = { level, message, requestId: request.id, ip: request.ip };
      request.log[level === "debug" ? "debug" : level]({ clientLog: message }, "client log");
      const delivered = await app.services.logForwarder.forward(entry);
      if (app.services.logForwarder.enabled && !delivered) request.log.warn("client log: chat webhook failed");
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );
};
