// URL: /api/customer/settings (and /marketing-consent), /api/customer/email-change (/approve, /confirm), /api/customer/export, /api/customer/delete-account (and /link)
import { and, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authedErrors, errorBody, ok } from "#schemas/api/envelope.ts";
import {
  deleteAccountBody,
  emailChangeApprovedResponse,
  emailChangeAskedResponse,
  emailChangeBody,
  emailChangeConfirmBody,
  emailChangedResponse,
  marketingConsentBody,
  settingsResponse,
  type SettingsView,
} from "#schemas/api/settings.ts";
import type { Db } from "#server/db/client.ts";
import { customers } from "#server/db/schema.ts";
import { HttpError } from "#server/errors.ts";
import { queueMail } from "#server/mail/mail-queue.ts";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import { emptyBody } from "#schemas/api/quiz.ts";
import { accountDeletionLinkEmail } from "#server/mail/templates/account-deleted.ts";
import {
  emailChangeAuthorizeEmail,
  emailChangeConfirmEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
} from "#server/mail/templates/account-email-change.ts";
import { requireCustomer, type SessionCookie } from "#server/plugins/auth.ts";
import { deleteAccount } from "#server/accounts/account-deletion.ts";
import { exportAccount } from "#server/accounts/account-export.ts";
import { givenFirstName } from "#server/accounts/customer-name.ts";
import { accountToken, queueMailLink, sendMailLink } from "#server/auth/mail-links.ts";
import type { Flows } from "#server/flows/flows.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import { TOKEN_TTL_SECONDS } from "#server/auth/auth-tokens.ts";
import type { ChangeDeps } from "#server/payments/subscriptions-changes.ts";
import { LIMITS, throttle } from "#server/platform/throttle.ts";
import { descriptions } from "./descriptions.ts";

/** PostgreSQL's unique_violation, as the driver or Drizzle reports it. */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === "23505";
};

async function settingsOf(db: Db, flows: Flows, customerId: string): Promise<SettingsView> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw new HttpError(401, "unauthorized", "Please log in");
  return {
    email: row.email,
    first_name: await givenFirstName(db, flows, customerId),
    has_password: row.passwordHash !== null,
    marketing_consent: row.marketingConsent,
    marketing_consent_at: row.marketingConsentAt?.toISOString() ?? null,
  };
}

/**
 * Account settings (ADR 029): marketing consent, a change of e-mail (the current password, or the
 * current address's approval, then a confirmation at the new address), a copy of one's data, and
 * deleting the account with a fresh proof (the password or an e-mailed link).
 */
export const accountSettingsRoutes: FastifyPluginAsyncZod<{ cookie: SessionCookie }> = async (app, { cookie }) => {
  const { db, clock, env, mail, sessions, authTokens, flows } = app.services;
  const tags = ["account"];
  const loginUrl = () => `${env.APP_ORIGIN}/login`;
  const deps = (log: ChangeDeps["log"]): ChangeDeps => ({
    db,
    clock,
    mail,
    log,
    provider: app.subscriptionProvider,
    appOrigin: env.APP_ORIGIN,
    discountPercents: env.RETENTION_DISCOUNT_PERCENTS,
  });

  app.get(
    "/customer/settings",
    {
      schema: {
        summary: "The account's address, the first name the customer gave, whether it has a password, and its marketing consent",
        tags,
        response: { 200: settingsResponse, ...authedErrors },
      },
    },
    async (request) => ({ data: await settingsOf(db, flows, requireCustomer(request).id) }),
  );

  app.post(
    "/customer/settings/marketing-consent",
    {
      schema: {
        summary: "Switch occasional marketing e-mails on or off (receipts and account e-mails are always sent)",
        tags,
        body: marketingConsentBody,
        response: { 200: settingsResponse, ...authedErrors },
      },
    },
    async (request) => {
      const me = requireCustomer(request);
      await db
        .update(customers)
        .set({ marketingConsent: request.body.consent, marketingConsentAt: clock.now(), updatedAt: clock.now() })
        .where(eq(customers.id, me.id));
      return { data: await settingsOf(db, flows, me.id) };
    },
  );

  /** 403 unless `password` is the account's; 400 `password_required` when it has one and none came. */
  const checkPassword = async (customerId: string, password: string | undefined) => {
    const [row] = await db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
    if (!row) throw new HttpError(401, "unauthorized", "Please log in");
    if (row.passwordHash === null) return false;
    if (password === undefined) throw new HttpError(400, "password_required", "Enter your current password to confirm it is you.");
    if (!(await verifyPassword(row.passwordHash, password))) throw new HttpError(403, "wrong_password", "Your current password is not right");
    return true;
  };

  /** The link that moves the account: to the new address, with a notice to the current one. */
  const sendConfirmation = async (tx: Db, me: { id: string; email: string }, newEmail: string) => {
    await queueMailLink(tx, env.APP_ORIGIN, {
      issue: accountToken(authTokens, me.id, newEmail, "email_change"),
      page: routePatterns.accountConfirmEmail,
      mail: (url) => ({ kind: "email-change-confirm", message: emailChangeConfirmEmail(newEmail, url, TOKEN_TTL_SECONDS.email_change / 3600) }),
    });
  };

  app.post(
    "/customer/email-change",
    {
      schema: {
        summary:
          "Ask to move the account to another address: with the current password, a confirmation link goes to it; without a password, the current address approves first",
        description: descriptions["POST /customer/email-change"],
        tags,
        body: emailChangeBody,
        response: { 202: emailChangeAskedResponse, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      await throttle(app, `email-change:${me.id}`, LIMITS.emailChangePerCustomer);
      const { new_email, current_password } = request.body;
      if (new_email === me.email) throw new HttpError(400, "same_email", "That is already your e-mail address");
      const hasPassword = await checkPassword(me.id, current_password);
      await db.transaction(async (tx) => {
        if (hasPassword) {
          await sendConfirmation(tx, me, new_email);
          await queueMail(tx, "email-change-requested", emailChangeRequestedEmail(me.email, loginUrl()));
        } else {
          await queueMailLink(tx, env.APP_ORIGIN, {
            issue: accountToken(authTokens, me.id, new_email, "email_change_authorize"),
            page: routePatterns.accountApproveEmailChange,
            mail: (url) => ({
              kind: "email-change-authorize",
              message: emailChangeAuthorizeEmail(me.email, new_email, url, TOKEN_TTL_SECONDS.email_change_authorize / 60),
            }),
          });
        }
      });
      mail.kick();
      return reply.status(202).send({ data: { link_sent_to: hasPassword ? ("new_address" as const) : ("current_address" as const) } });
    },
  );

  app.post(
    "/customer/email-change/approve",
    {
      schema: {
        summary: "Use the approval link sent to the current address (accounts without a password): the confirmation link goes to the new address",
        description: descriptions["POST /customer/email-change/approve"],
        tags,
        body: emailChangeConfirmBody,
        response: { 202: emailChangeApprovedResponse, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      const used = await authTokens.consume(request.body.token, "email_change_authorize", { customerId: me.id });
      if (!used) throw new HttpError(400, "invalid_token", "This approval link has expired, was already used, or belongs to another account.");
      if (used.email === me.email) throw new HttpError(400, "same_email", "Your account already uses that address.");
      await db.transaction((tx) => sendConfirmation(tx, me, used.email));
      mail.kick();
      return reply.status(202).send({ data: { new_email: used.email } });
    },
  );

  app.post(
    "/customer/email-change/confirm",
    {
      schema: {
        summary: "Use the confirmation link: the account moves to the new address; other sessions end",
        description: descriptions["POST /customer/email-change/confirm"],
        tags,
        body: emailChangeConfirmBody,
        response: { 200: emailChangedResponse, 409: errorBody, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      const used = await authTokens.consume(request.body.token, "email_change", { customerId: me.id });
      if (!used) throw new HttpError(400, "invalid_token", "This confirmation link has expired, was already used, or belongs to another account.");
      const taken = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, used.email), ne(customers.id, me.id)));
      if (taken.length > 0) throw new HttpError(409, "email_taken", "Another account uses that address now. Choose another one.");
      try {
        await db.transaction(async (tx) => {
          await tx.update(customers).set({ email: used.email, updatedAt: clock.now() }).where(eq(customers.id, me.id));
          await queueMail(tx, "email-changed", emailChangedEmail(me.email, used.email, loginUrl()));
        });
      } catch (error) {
        // Another account took the address between the check and the write (the unique index says so).
        if (isUniqueViolation(error)) throw new HttpError(409, "email_taken", "Another account uses that address now. Choose another one.");
        throw error;
      }
      await sessions.destroyAllFor(me.id);
      const session = await sessions.create(me.id);
      cookie.set(reply, session.token);
      mail.kick();
      return { data: { email: used.email } };
    },
  );

  app.get(
    "/customer/export",
    {
      schema: {
        summary: "Download everything the service holds about the account, as JSON",
        tags,
        response: { 200: z.record(z.string(), z.unknown()), ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      await throttle(app, `export:${me.id}`, LIMITS.exportPerCustomer);
      const data = await exportAccount(db, me.id, clock.now());
      if (!data) throw new HttpError(401, "unauthorized", "Please log in");
      const day = clock.now().toISOString().slice(0, 10);
      return reply.header("content-disposition", `attachment; filename="pathwise-data-${day}.json"`).send(data);
    },
  );

  app.post(
    "/customer/delete-account/link",
    {
      schema: {
        summary: "E-mail a link that deletes the account (the fresh proof of an account without a password)",
        description: descriptions["POST /customer/delete-account/link"],
        tags,
        body: emptyBody,
        response: { 202: ok, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      await throttle(app, `deletion-link:${me.id}`, LIMITS.deletionLinkPerCustomer);
      await sendMailLink(app, {
        issue: accountToken(authTokens, me.id, me.email, "account_deletion"),
        page: routePatterns.accountDeleteAccount,
        mail: (url) => ({ kind: "account-deletion-link", message: accountDeletionLinkEmail(me.email, url, TOKEN_TTL_SECONDS.account_deletion / 60) }),
      });
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );

  app.post(
    "/customer/delete-account",
    {
      schema: {
        summary:
          "Delete the account: plans cancelled, upcoming coaching sessions cancelled, personal data deleted, payment records kept without name or address",
        description: descriptions["POST /customer/delete-account"],
        tags,
        body: deleteAccountBody,
        response: { 200: ok, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      await throttle(app, `delete-account:${me.id}`, LIMITS.deleteAccountPerCustomer);
      const { current_password, token } = request.body;
      if (token !== undefined) {
        // Checked now, used up by the deletion itself (it removes every token of the account).
        if (!(await authTokens.check(token, "account_deletion", { customerId: me.id })))
          throw new HttpError(400, "invalid_token", "This deletion link has expired, was already used, or belongs to another account. Ask for a new one.");
      } else if (current_password === undefined || !(await checkPassword(me.id, current_password))) {
        throw new HttpError(
          400,
          "proof_required",
          "Confirm it is you: enter your password, or ask for a deletion link by e-mail if your account has no password.",
        );
      }
      const coaching = app.services.coaching ? { config: app.services.coaching, notifyEmail: env.COACHING_NOTIFY_EMAIL, appOrigin: env.APP_ORIGIN } : null;
      await deleteAccount(deps(request.log), me.id, coaching);
      cookie.clear(reply);
      return { data: { ok: true as const } };
    },
  );
};
