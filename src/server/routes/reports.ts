import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authedErrors, commonErrors, envelope, errorBody } from "../../../schemas/api/envelope.ts";
import { uuidParam } from "../../../schemas/api/payments.ts";
import { promptCodeParams, reportListItem, sessionReportView } from "../../../schemas/api/reports.ts";
import { reportDocument } from "../../../schemas/report/document.ts";
import { orders, reportRequests } from "../db/schema.ts";
import { HttpError, notFound } from "../errors.ts";
import { requireCustomer } from "../plugins/auth.ts";
import { sessionReport } from "../reports/session-report.ts";
import { ensureReportRequest, hasReport } from "../services/entitlements.ts";
import { ownedSession } from "../services/quiz-sessions.ts";
import type { VisitorCookie } from "../services/quiz-visitor.ts";
import { callerOf } from "./quiz-caller.ts";

const noStore = "private, no-store";

/**
 * The personal report: for a quiz session the caller owns (the full report once paid, built in the
 * background; the teaser before), and the customer's reports in their account.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;
  const { db } = services;

  app.get(
    "/quiz/sessions/:id/report",
    {
      schema: {
        summary: "A quiz session's report: the full one once paid, else the teaser",
        description:
          "The session must be the caller's. Paid (an order paid for this session, or the logged-in owner's report entitlement): the full report once the worker has built it (status), else null with its status. Not paid: the teaser, built from the scores with every section but the first locked. 409 quiz_incomplete before the quiz is scored.",
        tags: ["reports"],
        params: z.strictObject({ id: uuidParam }),
        response: { 200: envelope(sessionReportView), 409: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", noStore);
      const caller = callerOf(request, visitor);
      const session = await ownedSession(db, request.params.id, caller);
      if (!session) throw notFound("Quiz session");
      const flow = services.flows.byCode(session.flowCode);
      const inputs = flow ? services.reports.inputsFor(flow.report) : null;
      if (!flow || !inputs) throw notFound("Report");
      if (!session.scores || !session.completedAt) throw new HttpError(409, "quiz_incomplete", "Finish the quiz to see your report");

      const [paid] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.quizSessionId, session.id), eq(orders.status, "paid")))
        .limit(1);
      const owner = caller.customerId !== null && session.customerId === caller.customerId && session.customerConfirmed;
      const entitled = paid !== undefined || (owner && (await hasReport(db, caller.customerId!, flow.report)));
      if (!entitled) {
        const teaser = await sessionReport(db, session, inputs, "teaser");
        return { data: { access: "teaser" as const, status: null, document: teaser } };
      }
      let [row] = await db.select().from(reportRequests).where(eq(reportRequests.quizSessionId, session.id));
      if (!row && session.customerId) {
        await ensureReportRequest(db, { customerId: session.customerId, quizSessionId: session.id, reportCode: flow.report, at: services.clock.now() });
        services.reports.kick();
        [row] = await db.select().from(reportRequests).where(eq(reportRequests.quizSessionId, session.id));
      }
      const ready = row?.status === "ready" && row.document ? row.document : null;
      return { data: { access: "full" as const, status: row?.status ?? "queued", document: ready } };
    },
  );

  app.get(
    "/customer/latest-reports",
    {
      schema: {
        summary: "The customer's personal reports, newest first",
        tags: ["reports"],
        response: { 200: envelope(z.array(reportListItem)), ...authedErrors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      void reply.header("cache-control", noStore);
      const rows = await db
        .select()
        .from(reportRequests)
        .where(eq(reportRequests.customerId, customer.id))
        .orderBy(desc(reportRequests.createdAt), desc(reportRequests.id));
      return {
        data: rows.map((r) => ({
          prompt_code: r.reportCode,
          session_id: r.quizSessionId,
          title: r.document?.title ?? null,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          ready_at: r.readyAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.get(
    "/customer/reports/:prompt_code",
    {
      schema: {
        summary: "The customer's latest ready report of one kind",
        description: "404 when the customer has no ready report with this code (someone else's reports are never reachable).",
        tags: ["reports"],
        params: promptCodeParams,
        response: { 200: envelope(reportDocument), ...authedErrors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      void reply.header("cache-control", noStore);
      const [row] = await db
        .select({ document: reportRequests.document })
        .from(reportRequests)
        .where(and(eq(reportRequests.customerId, customer.id), eq(reportRequests.reportCode, request.params.prompt_code), eq(reportRequests.status, "ready")))
        .orderBy(desc(reportRequests.readyAt))
        .limit(1);
      if (!row?.document) throw notFound("Report");
      return { data: row.document };
    },
  );
};
