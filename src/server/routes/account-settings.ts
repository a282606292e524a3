import { and, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authedErrors, errorBody, ok } from "../../../schemas/api/envelope.ts";
import {
  deleteAccountBody,
  emailChangeBody,
  emailChangeConfirmBody,
  emailChangedResponse,
  marketingConsentBody,
  settingsResponse,
  type SettingsView,
} from "../../../schemas/api/settings.ts";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import { queueMail } from "../mail/mail-queue.ts";
import { emailChangeConfirmEmail, emailChangedEmail, emailChangeRequestedEmail } from "../mail/templates/account-email-change.ts";
import { requireCustomer } from "../plugins/auth.ts";
import { deleteAccount } from "../services/account-deletion.ts";
import { exportAccount } from "../services/account-export.ts";
import { TOKEN_TTL_SECONDS } from "../services/auth-tokens.ts";
import type { ChangeDeps } from "../services/subscriptions-changes.ts";
import { LIMITS, throttle } from "../services/throttle.ts";
import type { RouteOptions } from "./index.ts";

/** PostgreSQL's unique_violation, as the driver or Drizzle reports it. */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === "23505";
};

async function settingsOf(db: Db, customerId: string): Promise<SettingsView> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw new HttpError(401, "unauthorized", "Please log in");
  return {
    email: row.email,
    has_password: row.passwordHash !== null,
    marketing_consent: row.marketingConsent,
    marketing_consent_at: row.marketingConsentAt?.toISOString() ?? null,
  };
}

/** Account settings (ADR 029): marketing consent, a change of e-mail confirmed at the new address, a copy of one's data, and deleting the account. */
export const accountSettingsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { cookie }) => {
  const { db, clock, env, mail, sessions, authTokens } = app.services;
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
        summary: "The account's address, whether it has a password, and its marketing consent",
        tags,
        response: { 200: settingsResponse, ...authedErrors },
      },
    },
    async (request) => ({ data: await settingsOf(db, requireCustomer(request).id) }),
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
      return { data: await settingsOf(db, me.id) };
    },
  );

  app.post(
    "/customer/email-change",
    {
      schema: {
        summary: "Ask to move the account to another address: a confirmation link goes to it, a notice to the current one",
        description:
          "Always 202 for a valid address other than the current one, whether or not another account uses it (nothing is revealed). A new request replaces an earlier unused link. 400 `same_email` for the current address.",
        tags,
        body: emailChangeBody,
        response: { 202: ok, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      await throttle(app, `email-change:${me.id}`, LIMITS.emailChangePerCustomer);
      const { new_email } = request.body;
      if (new_email === me.email) throw new HttpError(400, "same_email", "That is already your e-mail address");
      await db.transaction(async (tx) => {
        const token = await authTokens.issue(me.id, new_email, "email_change", tx);
        const url = `${env.APP_ORIGIN}/account/profile/confirm-email?${new URLSearchParams({ token })}`;
        await queueMail(tx, "email-change-confirm", emailChangeConfirmEmail(new_email, url, TOKEN_TTL_SECONDS.email_change / 3600));
        await queueMail(tx, "email-change-requested", emailChangeRequestedEmail(me.email, loginUrl()));
      });
      mail.kick();
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );

  app.post(
    "/customer/email-change/confirm",
    {
      schema: {
        summary: "Use the confirmation link: the account moves to the new address; other sessions end",
        description:
          "400 `invalid_token` for a link that is unknown, used, expired or another account's (log in as the account that asked); 409 `email_taken` when another account has taken the address meanwhile (nothing changes).",
        tags,
        body: emailChangeConfirmBody,
        response: { 200: emailChangedResponse, 409: errorBody, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      const used = await authTokens.consume(request.body.token, "email_change");
      if (!used || used.customerId !== me.id)
        throw new HttpError(400, "invalid_token", "This confirmation link has expired, was already used, or belongs to another account.");
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
    "/customer/delete-account",
    {
      schema: {
        summary: "Delete the account: plans cancelled, personal data deleted, payment records kept without name or address",
        description:
          "`email` must be the account's address, typed again. 400 `confirm_email` when it is not. When a payment provider cannot cancel a plan, its error is returned and nothing is deleted. Ends every session.",
        tags,
        body: deleteAccountBody,
        response: { 200: ok, ...authedErrors },
      },
    },
    async (request, reply) => {
      const me = requireCustomer(request);
      if (request.body.email.toLowerCase() !== me.email.toLowerCase())
        throw new HttpError(400, "confirm_email", "Type your account's e-mail address exactly to confirm.");
      await deleteAccount(deps(request.log), me.id);
      cookie.clear(reply);
      return { data: { ok: true as const } };
    },
  );
};
