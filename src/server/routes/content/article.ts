// URL: GET /api/article/list, GET /api/article/:id
import { and, asc, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { articleList, articleOne } from "#schemas/api/articles.ts";
import { idParam } from "#schemas/api/edu-plans.ts";
import { authedErrors, commonErrors } from "#schemas/api/envelope.ts";
import { articles } from "#server/db/schema.ts";
import { notFound } from "#server/errors.ts";
import { requireAccountAccess } from "#server/accounts/account-access.ts";

type Row = typeof articles.$inferSelect;

const listItem = (a: Row) => ({
  id: a.id,
  slug: a.slug,
  name: a.name,
  status: a.status,
  pic: a.pic,
  pic_preview: a.picPreview,
  summary: a.summary,
  reading_minutes: a.readingMinutes,
  cat: { code: a.catCode, name: a.catName },
});

export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;
  const visible = ne(articles.status, "draft");

  app.get(
    "/article/list",
    { schema: { summary: "Library articles (without their text)", tags: ["content"], response: { 200: articleList, ...commonErrors } } },
    async () => ({ data: (await db.select().from(articles).where(visible).orderBy(asc(articles.id))).map(listItem) }),
  );

  app.get(
    "/article/:id",
    {
      schema: {
        summary: "One article with its text",
        description: "401 logged out; 403 `subscription_required` with `error.unlock` without a plan that gives access now (ADR 017).",
        tags: ["content"],
        params: idParam,
        response: { 200: articleOne, ...authedErrors },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(articles)
        .where(and(eq(articles.id, request.params.id), visible));
      if (!row) throw notFound("Article");
      await requireAccountAccess(db, request.customer, clock.now());
      return { data: { ...listItem(row), text: row.text } };
    },
  );
};
