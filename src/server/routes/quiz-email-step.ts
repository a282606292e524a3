import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { CompiledFlow } from "../../engine/flow/types.ts";
import { catalogEntries } from "../db/schema.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { resumeQuizEmail } from "../mail/templates/resume-quiz.ts";
import { ensureCustomer, findCustomerByEmail } from "../services/customers.ts";
import { QUIZ_LIMITS } from "../services/quiz-limits.ts";
import { issueResumeToken, RESUME_TTL_SECONDS } from "../services/quiz-resume.ts";
import type { QuizSession } from "../services/quiz-sessions.ts";
import { withinLimit } from "../services/throttle.ts";

/** The flow's title as a visitor reads it: inline text, or its catalogue entry without HTML. */
async function titleOf(app: FastifyInstance, flow: CompiledFlow): Promise<string> {
  if (typeof flow.title === "string") return flow.title;
  const [row] = await app.services.db.select({ text: catalogEntries.text }).from(catalogEntries).where(eq(catalogEntries.code, flow.title.code));
  const text = row?.text.replace(/<[^>]*>/g, "").trim();
  return text || "your Pathwise quiz";
}

/** The customer an address belongs to, created (without password, not logged in) when new. */
export async function customerFor(app: FastifyInstance, email: string): Promise<string> {
  await ensureCustomer(app.services.db, email);
  const found = await findCustomerByEmail(app.services.db, email);
  return found!.id;
}

/**
 * Mails the "continue where you left off" link once per session and address. Limits per IP and
 * per address stop the quiz from being used to flood someone's inbox; past them the answer is
 * still saved, only the mail is skipped (and may go out at a later answer). The token and the
 * e-mail carrying it commit together.
 */
export async function mailResumeLink(app: FastifyInstance, request: FastifyRequest, session: QuizSession, flow: CompiledFlow, email: string) {
  const { services } = app;
  if (session.resumeSentTo === email) return;
  if (!(await withinLimit(app, `quiz-resume-mail:ip:${request.ip}`, QUIZ_LIMITS.resumeMailPerIp))) return;
  if (!(await withinLimit(app, `quiz-resume-mail:address:${email}`, QUIZ_LIMITS.resumeMailPerAddress))) return;
  const title = await titleOf(app, flow);
  const queued = await services.db.transaction(async (tx) => {
    const token = await issueResumeToken(tx, services.clock, session.id, email);
    if (!token) return false;
    const url = `${services.env.APP_ORIGIN}/continue?${new URLSearchParams({ token })}`;
    return queueMail(tx, "resume-quiz", resumeQuizEmail(email, url, title, RESUME_TTL_SECONDS / 86_400));
  });
  if (queued) services.mail.kick();
}
