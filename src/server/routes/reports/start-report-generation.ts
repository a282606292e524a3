// URL: POST /api/customer/start-lreport-generation
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authedErrors, envelope, errorBody } from "#schemas/api/envelope.ts";
import { reportGenerationBody, reportGenerationResponse } from "#schemas/api/payments.ts";
import { quizSessions } from "#server/db/schema.ts";
import { HttpError, notFound } from "#server/errors.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { ensureReportRequest } from "#server/payments/entitlements.ts";
import { holdsSessionReport } from "#server/reports/report-holdings.ts";
import { descriptions } from "./descriptions.ts";

/** POST /customer/start-lreport-generation: queues the personal report of the customer's own paid quiz session. */
export const reportGenerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  app.post(
    "/customer/start-lreport-generation",
    {
      schema: {
        summary: "Start generating the personal report of a paid quiz session",
        description: descriptions["POST /customer/start-lreport-generation"],
        tags: ["payments"],
        body: reportGenerationBody,
        response: { 200: envelope(reportGenerationResponse), ...authedErrors, 402: errorBody },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const [session] = await services.db
        .select({ id: quizSessions.id, flowCode: quizSessions.flowCode, flowHash: quizSessions.flowHash })
        .from(quizSessions)
        .where(and(eq(quizSessions.id, request.body.session_id), eq(quizSessions.customerId, customer.id)));
      if (!session) throw notFound("Quiz session");
      const reportCode = services.flows.ofSession(session)?.report;
      if (!reportCode || !(await holdsSessionReport(services.db, customer.id, session.id, reportCode))) {
        throw new HttpError(402, "payment_required", "This report is part of a paid plan");
      }
      const status = await ensureReportRequest(services.db, { customerId: customer.id, quizSessionId: session.id, reportCode, at: services.clock.now() });
      services.reports.kick();
      return { data: { status } };
    },
  );
};
