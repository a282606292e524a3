// URL: GET /api/tools, /api/tools/:id, /api/tools/by-name/:name
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "#schemas/api/edu-plans.ts";
import { authedErrors, commonErrors } from "#schemas/api/envelope.ts";
import { toolList, toolNameParam, toolOne } from "#schemas/api/tools.ts";
import { tools } from "#server/db/schema.ts";
import { notFound } from "#server/errors.ts";
import { requireAccountAccess } from "#server/accounts/account-access.ts";
import { kindOf, toolBody, toolByName } from "#server/content/tool-entries.ts";

type Row = typeof tools.$inferSelect;

const listItem = (t: Row) => ({
  id: t.id,
  name: t.name,
  title: t.title,
  summary: t.summary,
  category: t.category,
  pic: t.pic,
  minutes: t.minutes,
  kind: kindOf(t),
});

const locked = "404 for an unknown tool; 401 logged out; 403 `subscription_required` with `error.unlock` without a plan that gives access now (ADR 017).";

export const toolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;

  app.get(
    "/tools",
    { schema: { summary: "Practical tools (without their instructions)", tags: ["content"], response: { 200: toolList, ...commonErrors } } },
    async () => ({ data: (await db.select().from(tools).orderBy(asc(tools.id))).map(listItem) }),
  );

  app.get(
    "/tools/:id",
    {
      schema: {
        summary: "One tool with its instructions",
        description: locked,
        tags: ["content"],
        params: idParam,
        response: { 200: toolOne, ...authedErrors },
      },
    },
    async (request) => {
      const [row] = await db.select().from(tools).where(eq(tools.id, request.params.id));
      if (!row) throw notFound("Tool");
      await requireAccountAccess(db, request.customer, clock.now());
      return { data: toolBody(row) };
    },
  );

  app.get(
    "/tools/by-name/:name",
    {
      schema: {
        summary: "One tool with its instructions, by its URL name",
        description: `The same as /tools/{id}, for the name in /account/tools/{name}. ${locked}`,
        tags: ["content"],
        params: toolNameParam,
        response: { 200: toolOne, ...authedErrors },
      },
    },
    async (request) => {
      const row = await toolByName(db, request.params.name);
      await requireAccountAccess(db, request.customer, clock.now());
      return { data: toolBody(row) };
    },
  );
};
