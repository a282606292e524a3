// URL: GET /api/quiz/sessions/:id/report(.pdf), /api/customer/latest-reports, /api/customer/reports/:prompt_code(/pdf), /api/prompts/:prompt_code/{example,default}
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authedErrors, commonErrors, envelope, errorBody } from "#schemas/api/envelope.ts";
import { uuidParam } from "#schemas/api/payments.ts";
import { promptCodeParams, reportListItem, sessionReportView } from "#schemas/api/reports.ts";
import { reportDocument, type ReportDocument } from "#schemas/report/document.ts";
import { buildExampleReport, exampleScores } from "#engine/report/example-report.ts";
import { positionsFromScores } from "#engine/report/match-professions.ts";
import { renderReportPdf } from "#server/reports/pdf/render-report-pdf.ts";
import { professionItems } from "#server/reports/session-report.ts";
import { matchedProfessions } from "#server/content/professions.ts";
import { throttle } from "#server/platform/throttle.ts";
import { orders, reportRequests } from "#server/db/schema.ts";
import { HttpError, notFound } from "#server/errors.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { sessionReport } from "#server/reports/session-report.ts";
import { ensureReportRequest } from "#server/payments/entitlements.ts";
import { holdsSessionReport, requestHeld } from "#server/reports/report-holdings.ts";
import { sessionFinished } from "#server/quiz/quiz-resume.ts";
import { ownedSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { descriptions } from "./descriptions.ts";

const noStore = "private, no-store";
const quizIncomplete = () => new HttpError(409, "quiz_incomplete", "Answer every question to see your result");
const loginRequired = (loggedIn: boolean) =>
  new HttpError(
    loggedIn ? 403 : 401,
    "login_required",
    loggedIn ? "This report belongs to another account. Log in with the address it was bought with." : "Log in to read your report",
  );
/** The owner's report was theirs until its payment (or its plan's) was refunded (ADR 052). */
const refunded = () =>
  new HttpError(
    403,
    "report_refunded",
    "The payment for this report was refunded, so the full report is locked again. Its free summary stays on the result page.",
  );
const paperQuery = z.strictObject({ paper: z.enum(["a4", "letter"]).default("a4") });
/** PDF downloads per IP per 15 minutes. */
const PDF_LIMIT = { max: 30, windowSeconds: 15 * 60 };

/**
 * The personal report: for a quiz session the caller owns (the full report once paid, built in the
 * background; the teaser before), and the customer's reports in their account.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;
  const { db } = services;

  /**
   * The caller's own session, its flow and template, and whether its full report is theirs: only
   * for the logged-in customer who paid for it, or the session's logged-in owner who holds the
   * report (bought or included in a plan). Holding the session alone (a forwarded link, a shared
   * computer) never opens a paid report: `locked` says it is paid for or granted, so the caller is
   * asked to log in (ADR 011).
   */
  async function sessionAccess(id: string, caller: ReturnType<typeof callerOf>) {
    const session = await ownedSession(db, id, caller);
    if (!session) throw notFound("Quiz session");
    // The flow version the session ran, not the live one (ADR 066): its scoring and labels make the report.
    const inputs = services.reports.inputsForSession(session);
    if (!inputs) throw notFound("Report");
    const { flow } = inputs;
    const payers = await db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(and(eq(orders.quizSessionId, session.id), eq(orders.status, "paid")));
    const me = caller.customerId;
    const owner = me !== null && session.customerId === me && session.customerConfirmed;
    // Who may read it (ADR 011): the payer, or the logged-in owner; what they hold: report-holdings.ts (ADR 052).
    const entitled = me !== null && (payers.some((p) => p.customerId === me) || (owner && (await holdsSessionReport(db, me, session.id, flow.report))));
    const locked = !entitled && (payers.length > 0 || (await sessionFinished(db, session.id)));
    const takenBack = locked && me !== null && (await refundedFor(me, session.id, owner));
    return { session, flow, inputs, entitled, locked, takenBack, customerId: me };
  }

  /**
   * Whether this customer's report of the session was taken back by a refund (they no longer hold
   * it): they paid for this quiz and were refunded, or, as its owner, had its report built.
   */
  async function refundedFor(customerId: string, quizSessionId: string, owner: boolean): Promise<boolean> {
    const [paid] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.quizSessionId, quizSessionId), eq(orders.customerId, customerId), eq(orders.status, "refunded"), isNotNull(orders.paidAt)))
      .limit(1);
    if (paid) return true;
    if (!owner) return false;
    const [built] = await db
      .select({ id: reportRequests.id })
      .from(reportRequests)
      .where(and(eq(reportRequests.quizSessionId, quizSessionId), eq(reportRequests.customerId, customerId)))
      .limit(1);
    return built !== undefined;
  }

  /**
   * The customer's newest ready report of one kind that they hold; someone else's, or none, is a
   * 404, and one whose payment was refunded a 403 report_refunded.
   */
  async function latestReady(customerId: string, promptCode: string): Promise<ReportDocument> {
    const [row] = await db
      .select({ document: reportRequests.document, held: requestHeld(db) })
      .from(reportRequests)
      .where(and(eq(reportRequests.customerId, customerId), eq(reportRequests.reportCode, promptCode), eq(reportRequests.status, "ready")))
      .orderBy(desc(requestHeld(db)), desc(reportRequests.readyAt))
      .limit(1);
    if (!row?.document) throw notFound("Report");
    if (!row.held) throw refunded();
    return row.document;
  }

  /** Sends a report as a PDF download (A4 unless Letter is asked for). */
  async function sendPdf(reply: FastifyReply, document: ReportDocument, paper: "a4" | "letter", name: string) {
    const pdf = await renderReportPdf(document, { paper, appOrigin: services.env.APP_ORIGIN });
    return reply
      .header("cache-control", noStore)
      .header("content-disposition", `attachment; filename="${name}-${document.cover.date.slice(0, 10)}.pdf"`)
      .type("application/pdf")
      .send(pdf);
  }

  /** Rendering a PDF takes a second of CPU: a browser may ask for a few, a script may not ask for many. */
  const pdfLimit = (request: FastifyRequest) => throttle(app, `report-pdf:ip:${request.ip}`, PDF_LIMIT);

  app.get(
    "/quiz/sessions/:id/report",
    {
      schema: {
        summary: "A quiz session's report: the full one once paid, else the teaser",
        description: descriptions["GET /quiz/sessions/:id/report"],
        tags: ["reports"],
        params: z.strictObject({ id: uuidParam }),
        response: { 200: envelope(sessionReportView), 409: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", noStore);
      const { session, flow, inputs, entitled, locked, takenBack, customerId } = await sessionAccess(request.params.id, callerOf(request, visitor));
      if (!entitled || !customerId) {
        const teaser = await sessionReport(db, session, inputs, "teaser");
        if (!teaser) throw quizIncomplete();
        const access = takenBack ? ("refunded" as const) : locked ? ("login_required" as const) : ("teaser" as const);
        return { data: { access, status: null, document: teaser } };
      }
      if (!session.scores || !session.completedAt) throw quizIncomplete();
      let [row] = await db.select().from(reportRequests).where(eq(reportRequests.quizSessionId, session.id));
      if (!row) {
        await ensureReportRequest(db, { customerId, quizSessionId: session.id, reportCode: flow.report, at: services.clock.now() });
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
        description: descriptions["GET /customer/latest-reports"],
        tags: ["reports"],
        response: { 200: envelope(z.array(reportListItem)), ...authedErrors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      void reply.header("cache-control", noStore);
      const rows = await db
        .select({ r: reportRequests, held: requestHeld(db) })
        .from(reportRequests)
        .where(eq(reportRequests.customerId, customer.id))
        .orderBy(desc(reportRequests.createdAt), desc(reportRequests.id));
      return {
        data: rows.map(({ r, held }) => ({
          prompt_code: r.reportCode,
          session_id: r.quizSessionId,
          title: r.document?.title ?? null,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          ready_at: r.readyAt?.toISOString() ?? null,
          refunded: !held,
        })),
      };
    },
  );

  app.get(
    "/customer/reports/:prompt_code",
    {
      schema: {
        summary: "The customer's latest ready report of one kind",
        description: descriptions["GET /customer/reports/:prompt_code"],
        tags: ["reports"],
        params: promptCodeParams,
        response: { 200: envelope(reportDocument), ...authedErrors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      void reply.header("cache-control", noStore);
      const document = await latestReady(customer.id, request.params.prompt_code);
      return { data: document };
    },
  );

  app.get(
    "/quiz/sessions/:id/report.pdf",
    {
      schema: {
        summary: "A paid quiz session's report as a PDF download",
        description: descriptions["GET /quiz/sessions/:id/report.pdf"],
        tags: ["reports"],
        params: z.strictObject({ id: uuidParam }),
        querystring: paperQuery,
        response: { 401: errorBody, 402: errorBody, 409: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      await pdfLimit(request);
      const { session, entitled, locked, takenBack, customerId } = await sessionAccess(request.params.id, callerOf(request, visitor));
      if (takenBack) throw refunded();
      if (!entitled && locked) throw loginRequired(customerId !== null);
      if (!entitled) throw new HttpError(402, "payment_required", "This report is part of a paid plan");
      const [row] = await db
        .select({ status: reportRequests.status, document: reportRequests.document })
        .from(reportRequests)
        .where(eq(reportRequests.quizSessionId, session.id));
      if (row?.status !== "ready" || !row.document) throw new HttpError(409, "report_not_ready", "Your report is still being prepared. Try again in a moment.");
      return sendPdf(reply, row.document, request.query.paper, "pathwise-report");
    },
  );

  app.get(
    "/customer/reports/:prompt_code/pdf",
    {
      schema: {
        summary: "The customer's latest ready report of one kind, as a PDF download",
        description: "The same report, and the same refusals, as GET /customer/reports/{prompt_code}: 404 without one, 403 report_refunded once refunded.",
        tags: ["reports"],
        params: promptCodeParams,
        querystring: paperQuery,
        response: authedErrors,
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      await pdfLimit(request);
      const document = await latestReady(customer.id, request.params.prompt_code);
      return sendPdf(reply, document, request.query.paper, "pathwise-report");
    },
  );

  /** The example report of a kind: an imagined profile, labelled as an example. */
  async function example(promptCode: string): Promise<ReportDocument> {
    const inputs = services.reports.inputsFor(promptCode);
    if (!inputs) throw notFound("Report");
    const scores = exampleScores(inputs);
    const positions = positionsFromScores(scores.scales);
    const matched = positions ? await matchedProfessions(db, positions, 30) : null;
    return buildExampleReport({ ...inputs, professions: matched ? professionItems(matched) : [] });
  }

  app.get(
    "/prompts/:prompt_code/example",
    {
      schema: {
        summary: "The example report of a kind, for people who have none yet",
        tags: ["reports"],
        params: promptCodeParams,
        response: { 200: envelope(reportDocument), ...commonErrors },
      },
    },
    async (request) => ({ data: await example(request.params.prompt_code) }),
  );

  app.get(
    "/prompts/:prompt_code/default",
    {
      schema: {
        summary: "The example report of a kind, as a PDF download",
        description: "`ts` is a cache-buster the app may add; it changes nothing.",
        tags: ["reports"],
        params: promptCodeParams,
        querystring: paperQuery.extend({ ts: z.coerce.number().int().min(0).optional() }),
        response: commonErrors,
      },
    },
    async (request, reply) => {
      await pdfLimit(request);
      return sendPdf(reply, await example(request.params.prompt_code), request.query.paper, "pathwise-example-report");
    },
  );
};
