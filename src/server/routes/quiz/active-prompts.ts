import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors } from "#schemas/api/envelope.ts";
import { activePromptsResponse } from "#schemas/api/quiz.ts";
import { cardsInOrder } from "#engine/flow/cards.ts";
import { descriptions } from "./descriptions.ts";

export const activePromptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/active-prompts",
    {
      schema: {
        summary: "The report templates a visitor can take, one per loaded quiz",
        description: descriptions["GET /active-prompts"],
        tags: ["quiz"],
        response: { 200: activePromptsResponse, ...commonErrors },
      },
    },
    async () => {
      const flows = services.flows.all();
      // Everything here follows from the loaded flows: the home page's order for listed quizzes, then the rest by code.
      const place = new Map(cardsInOrder(flows.map((f) => ({ code: f.code, topic: f.topic, start: f.paths.start, card: f.card }))).map((c, i) => [c.flow, i]));
      const rank = (code: string) => place.get(code) ?? place.size;
      const sorted = [...flows].sort((a, b) => rank(a.code) - rank(b.code) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      return {
        data: sorted.map((f) => ({ code: f.report, flow_code: f.code, topic: f.topic, title: f.title, start: f.paths.start, card: f.card ?? null })),
      };
    },
  );
};
