import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors } from "../../../schemas/api/envelope.ts";
import { activePromptsResponse } from "../../../schemas/api/quiz.ts";

export const activePromptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/active-prompts",
    {
      schema: {
        summary: "The report templates a visitor can take, one per loaded quiz",
        description: "title is inline text or { code } of an info-data catalogue entry, as the flow gives it; start is the path where the quiz begins.",
        tags: ["quiz"],
        response: { 200: activePromptsResponse, ...commonErrors },
      },
    },
    async () => ({
      data: services.flows.all().map((f) => ({ code: f.report, flow_code: f.code, topic: f.topic, title: f.title, start: f.paths.start })),
    }),
  );
};
