import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { articleRoutes } from "./article.ts";
import { careerToolkitRoutes } from "./career-toolkit.ts";
import { eduPlanRoutes } from "./edu-plan.ts";
import { catalogRoutes } from "./info-data-catalog.ts";
import { professionRoutes } from "./professions.ts";
import { toolRoutes } from "./tools.ts";

/** What customers read, loaded from content/: catalogue texts, articles, tools, education plans, the career toolkit, professions. */
export const contentArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogRoutes);
  await app.register(eduPlanRoutes);
  await app.register(articleRoutes);
  await app.register(toolRoutes);
  await app.register(careerToolkitRoutes);
  await app.register(professionRoutes);
};
