// URL: POST /api/auth/reset-password, POST /api/auth/reset-password/confirm, POST /api/auth/change-password
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePasswordBody, emailBody, resetConfirmBody, resetConfirmResponse } from "#schemas/api/auth.ts";
import { authedErrors, commonErrors, ok } from "#schemas/api/envelope.ts";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import { customers } from "#server/db/schema.ts";
import { HttpError } from "#server/errors.ts";
import { queueMail } from "#server/mail/mail-queue.ts";
import { passwordChangedEmail } from "#server/mail/templates/password-changed.ts";
import { passwordResetEmail } from "#server/mail/templates/password-reset.ts";
import { requireCustomer, type SessionCookie } from "#server/plugins/auth.ts";
import { TOKEN_TTL_SECONDS } from "#server/auth/auth-tokens.ts";
import { findCustomerByEmail } from "#server/auth/customers.ts";
import { accountToken, mailLinkToAccount } from "#server/auth/mail-links.ts";
import { generatePassword, hashPassword, verifyPassword } from "#server/auth/passwords.ts";
import { passwordProblem } from "#server/auth/password-policy.ts";
import { LIMITS, throttle } from "#server/platform/throttle.ts";

export const passwordRoutes: FastifyPluginAsyncZod<{ cookie: SessionCookie }> = async (app, { cookie }) => {
  const { services } = app;
  const loginUrl = () => `${services.env.APP_ORIGIN}/login`;

  app.post(
    "/reset-password",
    {
      schema: {
        summary: "E-mail a single-use password-reset link",
        description: "Answers the same whether or not the address has an account.",
        tags: ["auth"],
        body: emailBody,
        response: { 202: ok, ...commonErrors },
      },
    },
    async (request, reply) => {
      await mailLinkToAccount(app, request.ip, request.body.email, (found) => ({
        issue: accountToken(services.authTokens, found.id, found.email, "reset"),
        page: routePatterns.resetPassword,
        mail: (url) => ({ kind: "password-reset", message: passwordResetEmail(found.email, url, TOKEN_TTL_SECONDS.reset / 60) }),
      }));
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );

  app.post(
    "/reset-password/confirm",
    {
      schema: {
        summary: "Use a reset link: returns a newly generated password and ends every session",
        tags: ["auth"],
        body: resetConfirmBody,
        response: { 200: resetConfirmResponse, ...commonErrors },
      },
    },
    async (request, reply) => {
      await throttle(app, `reset-confirm:ip:${request.ip}`, LIMITS.resetConfirmPerIp);
      const used = await services.authTokens.consume(request.body.token, "reset");
      const found = used ? await findCustomerByEmail(services.db, used.email) : null;
      if (!used || !found || found.id !== used.customerId)
        throw new HttpError(400, "invalid_token", "This reset link has expired or was already used. Ask for a new one.");
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await services.db.transaction(async (tx) => {
        await tx.update(customers).set({ passwordHash, updatedAt: services.clock.now() }).where(eq(customers.id, found.id));
        await queueMail(tx, "password-changed", passwordChangedEmail(found.email, loginUrl()));
      });
      await services.sessions.destroyAllFor(found.id);
      cookie.clear(reply);
      services.mail.kick();
      return { data: { password } };
    },
  );

  app.post(
    "/change-password",
    {
      schema: {
        summary: "Change the password (needs the current one); other sessions end",
        tags: ["auth"],
        body: changePasswordBody,
        response: { 200: ok, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      await throttle(app, `change-password:${me.id}`, LIMITS.changePasswordPerCustomer);
      const { current_password, new_password } = request.body;
      const [row] = await services.db.select().from(customers).where(eq(customers.id, me.id));
      if (!row || !(await verifyPassword(row.passwordHash, current_password))) throw new HttpError(403, "wrong_password", "Your current password is not right");
      const problem = passwordProblem(new_password, me.email);
      if (problem) throw new HttpError(400, "weak_password", problem);
      const passwordHash = await hashPassword(new_password);
      await services.db.transaction(async (tx) => {
        await tx.update(customers).set({ passwordHash, updatedAt: services.clock.now() }).where(eq(customers.id, me.id));
        await queueMail(tx, "password-changed", passwordChangedEmail(me.email, loginUrl()));
      });
      await services.sessions.destroyAllFor(me.id);
      const session = await services.sessions.create(me.id);
      cookie.set(reply, session.token);
      services.mail.kick();
      return { data: { ok: true as const } };
    },
  );
};
