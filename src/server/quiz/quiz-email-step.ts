import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { catalogEntries } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import { resumeQuizEmail } from "../mail/templates/resume-quiz.ts";
import { ensureCustomer, findCustomerByEmail, isOwnAddress } from "../auth/customers.ts";
import { sendMailLink } from "../auth/mail-links.ts";
import { QUIZ_LIMITS } from "./quiz-limits.ts";
import { issueResumeToken, RESUME_TTL_SECONDS } from "./quiz-resume.ts";
import type { QuizSession } from "./quiz-sessions.ts";
import { withinLimit } from "../platform/throttle.ts";

/** The flow's title as a visitor reads it: inline text, or its catalogue entry without HTML. */
export async function titleOf(app: FastifyInstance, flow: CompiledFlow): Promise<string> {
  if (typeof flow.title === "string") return flow.title;
  const [row] = await app.services.db.select({ text: catalogEntries.text }).from(catalogEntries).where(eq(catalogEntries.code, flow.title.code));
  const text = row?.text.replace(/<[^>]*>/g, "").trim();
  return text || "your Pathwise quiz";
}

/** The customer an address belongs to, created (without password, not logged in) when new. */
async function customerFor(app: FastifyInstance, email: string): Promise<string> {
  await ensureCustomer(app.services.db, email);
  const found = await findCustomerByEmail(app.services.db, email);
  return found!.id;
}

/** A logged-in customer gave an address that is not theirs: refused, so no funnel makes them a second account. */
export const loggedInAsOther = (email: string) =>
  new HttpError(409, "logged_in_as_other", `You are logged in as ${email}. To continue with another address, log out first.`);

/**
 * The customer an e-mail step answer ties the session to (ADR 011). Logged in: always the
 * logged-in customer, confirmed, and only with their own address (409 for another, before anything
 * is created). Logged out: the address's customer, created if new, unconfirmed — typing an address
 * gives its customer's other browsers nothing.
 */
export async function emailStepCustomer(app: FastifyInstance, request: FastifyRequest, email: string): Promise<{ id: string; confirmed: boolean }> {
  const me = request.customer;
  if (me) {
    if (!isOwnAddress(me, email)) throw loggedInAsOther(me.email);
    return { id: me.id, confirmed: true };
  }
  return { id: await customerFor(app, email), confirmed: false };
}

/**
 * Mails the "continue where you left off" link once per session and address, to a visitor who is
 * not logged in. A logged-in customer's session is theirs in every browser they log in to, and its
 * report goes into their account (bought, or included in their plan): a resume link would only be
 * one more mail, dead once the report is there. Limits per IP and
 * per address stop the quiz from being used to flood someone's inbox; past them the answer is
 * still saved, only the mail is skipped (and may go out at a later answer). The token and the
 * e-mail carrying it commit together.
 */
export async function mailResumeLink(app: FastifyInstance, request: FastifyRequest, session: QuizSession, flow: CompiledFlow, email: string) {
  const { services } = app;
  if (request.customer || session.resumeSentTo === email) return;
  if (!(await withinLimit(app, `quiz-resume-mail:ip:${request.ip}`, QUIZ_LIMITS.resumeMailPerIp))) return;
  if (!(await withinLimit(app, `quiz-resume-mail:address:${email}`, QUIZ_LIMITS.resumeMailPerAddress))) return;
  const title = await titleOf(app, flow);
  await sendMailLink(app, {
    issue: (tx) => issueResumeToken(tx, services.clock, session.id, email),
    page: routePatterns.continue,
    mail: (url) => ({ kind: "resume-quiz", message: resumeQuizEmail(email, url, title, RESUME_TTL_SECONDS / 86_400) }),
  });
}
