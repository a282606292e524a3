import type { FastifyInstance } from "fastify";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import type { Db } from "../db/client.ts";
import { queueMail, type MailKind } from "../mail/mail-queue.ts";
import type { Message } from "../mail/mailer.ts";
import type { AuthTokens, TokenPurpose } from "./auth-tokens.ts";
import { findCustomerByEmail } from "./customers.ts";
import { LIMITS, throttle, withinLimit } from "../platform/throttle.ts";

/**
 * An e-mailed single-use link, by what differs between them (login, password reset, staff invite,
 * address change, account deletion, the quiz's "continue" link); `queueMailLink` does the rest.
 */
type MailLink = {
  /** Makes the token and stores its hash, in the transaction that queues the e-mail; null sends nothing. */
  issue: (tx: Db) => Promise<string | null>;
  /** The app page the link opens (schemas/pages/route-patterns.ts). */
  page: string;
  /** The link's query for a token: `{ token }` unless the page reads other names. */
  query?: (token: string) => Record<string, string>;
  /** The e-mail that carries the link. */
  mail: (url: string) => { kind: MailKind; message: Message };
};

/** A customer's account token of one purpose, bound to the address it is mailed for (auth-tokens.ts). */
export const accountToken =
  (tokens: AuthTokens, customerId: string, email: string, purpose: TokenPurpose): MailLink["issue"] =>
  (tx) =>
    tokens.issue(customerId, email, purpose, tx);

/** The login page's link: it reads the address and the token as `email` and `tmp_token`. */
export const loginLinkPage = (email: string): Pick<MailLink, "page" | "query"> => ({
  page: routePatterns.login,
  query: (token) => ({ email, tmp_token: token }),
});

/**
 * Makes the token, builds the link and queues its e-mail in `tx`, so they commit together (a
 * rolled-back change sends no link). The sender delivers it, never inline: kick it after the commit.
 * Says whether an e-mail was queued.
 */
export async function queueMailLink(tx: Db, appOrigin: string, link: MailLink): Promise<boolean> {
  const token = await link.issue(tx);
  if (token === null) return false;
  const url = `${appOrigin}${link.page}?${new URLSearchParams(link.query?.(token) ?? { token })}`;
  const { kind, message } = link.mail(url);
  return queueMail(tx, kind, message);
}

/** `queueMailLink` in a transaction of its own, then wakes the mail sender. */
export async function sendMailLink(app: FastifyInstance, link: MailLink): Promise<void> {
  const { services } = app;
  const queued = await services.db.transaction((tx) => queueMailLink(tx, services.env.APP_ORIGIN, link));
  if (queued) services.mail.kick();
}

/**
 * The "e-mail me a link" calls (login link, password reset): throttled per IP; the link goes only
 * to an address with an account and within its per-address limit, so the answer is the same whether
 * or not the address has one.
 */
export async function mailLinkToAccount(
  app: FastifyInstance,
  ip: string,
  email: string,
  linkFor: (customer: { id: string; email: string }) => MailLink,
): Promise<void> {
  await throttle(app, `mail:ip:${ip}`, LIMITS.mailRequestPerIp);
  const found = await findCustomerByEmail(app.services.db, email);
  if (!found || !(await withinLimit(app, `mail:address:${email}`, LIMITS.mailPerAddress))) return;
  await sendMailLink(app, linkFor(found));
}
