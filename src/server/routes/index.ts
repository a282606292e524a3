import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountArea } from "./account/index.ts";
import { adminRoutes } from "./admin/index.ts";
import type { AreaOptions } from "./area-options.ts";
import { authArea } from "./auth/index.ts";
import { contentArea } from "./content/index.ts";
import { paymentsArea } from "./payments/index.ts";
import { privacyArea } from "./privacy/index.ts";
import { quizArea } from "./quiz/index.ts";
import { reportsArea } from "./reports/index.ts";
import { systemArea } from "./system/index.ts";

/**
 * The API's areas: one folder each, whose index.ts registers its routes with its own prefix and
 * hooks (docs/decisions/046-routes-by-area.md). A new area is one folder and one line here.
 */
const areas: { plugin: FastifyPluginAsyncZod<AreaOptions>; prefix?: string }[] = [
  { plugin: systemArea },
  { plugin: authArea },
  { plugin: accountArea },
  { plugin: contentArea },
  { plugin: quizArea },
  { plugin: paymentsArea },
  { plugin: privacyArea },
  { plugin: reportsArea },
  { plugin: adminRoutes, prefix: "/admin" },
];

/** Every call under /api. */
export const apiRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { cookie, operatorToken }) => {
  // Only what the areas take: the options this plugin was given carry its own prefix (/api) too.
  for (const { plugin, prefix } of areas) await app.register(plugin, { cookie, operatorToken, prefix });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
};
