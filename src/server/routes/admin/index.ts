import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adSpendRoutes } from "./ad-spend.ts";
import { guardStaffArea } from "./staff-guard.ts";
import { reportPreviewRoutes } from "./report-preview.ts";
import { funnelRoutes } from "./funnels.ts";
import { funnelGraphRoutes } from "./funnel-graph.ts";
import { flowPublishRoutes } from "./flows-publish.ts";
import { integrationRoutes } from "./integrations.ts";
import { staffRoutes } from "./staff.ts";
import { webhookRoutes } from "./webhooks.ts";

export type AdminOptions = { operatorToken?: string };

/** Every call under /api/admin: the growth console's (ADR 037). One guard for the whole area. */
export const adminRoutes: FastifyPluginAsyncZod<AdminOptions> = async (app, options) => {
  guardStaffArea(app, options.operatorToken);
  await app.register(staffRoutes);
  await app.register(funnelRoutes);
  await app.register(funnelGraphRoutes);
  await app.register(flowPublishRoutes);
  await app.register(reportPreviewRoutes);
  await app.register(adSpendRoutes);
  await app.register(integrationRoutes);
  await app.register(webhookRoutes);
};
