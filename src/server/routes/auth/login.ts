// URL: POST /api/auth/login, POST /api/auth/login-link, GET /api/auth/customer, POST /api/auth/logout
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customer, emailBody, loginBody } from "#schemas/api/auth.ts";
import { authedErrors, commonErrors, envelope, errorBody, ok } from "#schemas/api/envelope.ts";
import { HttpError } from "#server/errors.ts";
import { loginLinkEmail } from "#server/mail/templates/login-link.ts";
import { requireCustomer, type SessionCookie } from "#server/plugins/auth.ts";
import { TOKEN_TTL_SECONDS } from "#server/auth/auth-tokens.ts";
import { findCustomerByEmail } from "#server/auth/customers.ts";
import { customerWithName } from "#server/accounts/customer-name.ts";
import { accountToken, loginLinkPage, mailLinkToAccount } from "#server/auth/mail-links.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import { LIMITS, throttle } from "#server/platform/throttle.ts";
import { acceptStaffInvite } from "#server/accounts/staff.ts";
import { adoptBrowserSessions } from "#server/quiz/quiz-sessions.ts";
import { visitorCookie } from "#server/quiz/quiz-visitor.ts";
import { adoptAccountConsent } from "#server/quiz/consent.ts";
import { descriptions } from "./descriptions.ts";

const invalidCredentials = () => new HttpError(401, "invalid_credentials", "The e-mail address or password is not right");
const PASSWORD_PAUSED = "Too many password attempts on this account. Ask for a login link by e-mail instead, or try your password again later.";
const invalidLink = () => new HttpError(401, "invalid_token", "This login link has expired or was already used. Ask for a new one.");

export const authRoutes: FastifyPluginAsyncZod<{ cookie: SessionCookie }> = async (app, { cookie }) => {
  const { services } = app;
  const visitor = visitorCookie(services.env.NODE_ENV === "production");

  app.post(
    "/login",
    {
      schema: {
        summary: "Log in with a password or a single-use token from a login link",
        description: descriptions["POST /login"],
        tags: ["auth"],
        body: loginBody,
        response: { 200: envelope(customer), 401: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      const { email, password, tmp_token } = request.body;
      if (password === undefined && tmp_token === undefined) throw new HttpError(400, "credentials_missing", "No password or token provided");
      if (password !== undefined && tmp_token !== undefined) throw new HttpError(400, "credentials_ambiguous", "Send either a password or a token, not both");
      await throttle(app, `login:ip:${request.ip}`, LIMITS.loginPerIp);
      await throttle(app, `login:account:${email}:${request.ip}`, LIMITS.loginPerAccountAndIp);
      if (password !== undefined) {
        await throttle(app, `login:password:${email}`, LIMITS.passwordPerAccount, PASSWORD_PAUSED);
      }

      let found = await findCustomerByEmail(services.db, email);
      let invited = false;
      if (tmp_token !== undefined) {
        const link = await services.authTokens.consume(tmp_token, "login", { email });
        const invite = link ? null : await acceptStaffInvite(services.db, services.authTokens, tmp_token, email);
        const proof = link ?? invite;
        if (!proof || !found || proof.customerId !== found.id) throw invalidLink();
        invited = invite !== null;
      } else if (!(await verifyPassword(found?.passwordHash ?? null, password!)) || !found) {
        throw invalidCredentials();
      }

      const previous = cookie.read(request);
      if (previous) await services.sessions.destroy(previous);
      if (invited) {
        // The role is new: no session from before the invitation carries it.
        await services.sessions.destroyAllFor(found.id);
        found = (await findCustomerByEmail(services.db, email)) ?? found;
      }
      const session = await services.sessions.create(found.id);
      cookie.set(reply, session.token);
      const visitorId = visitor.read(request);
      if (visitorId) await adoptBrowserSessions(services.db, services.clock, visitorId, found.id);
      // A browser that never chose takes the account's privacy choice (ADR 055).
      await adoptAccountConsent(services.db, request, reply, found, { visitorId, secure: services.env.APP_ORIGIN.startsWith("https:") });
      return { data: await customerWithName(services.db, services.flows, found) };
    },
  );

  app.post(
    "/login-link",
    {
      schema: {
        summary: "E-mail a single-use login link",
        description: "Answers the same whether or not the address has an account.",
        tags: ["auth"],
        body: emailBody,
        response: { 202: ok, ...commonErrors },
      },
    },
    async (request, reply) => {
      await mailLinkToAccount(app, request.ip, request.body.email, (found) => ({
        issue: accountToken(services.authTokens, found.id, found.email, "login"),
        ...loginLinkPage(found.email),
        mail: (url) => ({ kind: "login-link", message: loginLinkEmail(found.email, url, TOKEN_TTL_SECONDS.login / 60) }),
      }));
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );

  app.get(
    "/customer",
    {
      schema: {
        summary: "The logged-in customer",
        tags: ["auth"],
        response: { 200: envelope(customer), ...authedErrors },
      },
    },
    async (request) => ({ data: await customerWithName(services.db, services.flows, requireCustomer(request)) }),
  );

  app.post(
    "/logout",
    {
      schema: {
        summary: "End the current session",
        description: "Succeeds even without a session, so the browser can always clear its state. The quiz visitor cookie is cleared too.",
        tags: ["auth"],
        body: z.strictObject({}).nullish().describe("No fields"),
        response: { 200: ok, ...commonErrors },
      },
    },
    async (request, reply) => {
      const token = cookie.read(request);
      if (token) await services.sessions.destroy(token);
      cookie.clear(reply);
      visitor.clear(reply);
      return { data: { ok: true as const } };
    },
  );
};
