// URL: GET /mail/follow-up, GET /mail/unsubscribe, POST /mail/unsubscribe (links in follow-up e-mails, ADR 060)
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { routePatterns } from "#schemas/pages/route-patterns.ts";
import { escapeHtml } from "#server/html.ts";
import { FOLLOW_UP_PATHS } from "#server/follow-ups/links.ts";
import { addressOfUnsubscribeToken, recordClick, unsubscribe } from "#server/follow-ups/unsubscribe.ts";
import { mailPage } from "./pages.ts";

/** A token we mail: 32 random bytes, base64url (src/server/platform/secret-token.ts). */
const tokenQuery = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "not a link we sent") });
const noStore = "private, no-store";

const unknownLink = mailPage(
  "This link is not valid",
  "<p>This unsubscribe link is not one we sent, or it was cut short. Open the link at the bottom of the e-mail again, or reply to the e-mail and we will stop it for you.</p>",
);

/**
 * The two addresses of a follow-up e-mail, opened from a mail client, so outside /api and its JSON
 * CSRF rules: the token in the address proves the e-mail (no login, no cookie).
 * - The button's link counts the first click, then opens the visitor's own pre-checkout through the
 *   "continue" page, where the same token resumes the session in any browser for 30 days.
 * - The unsubscribe address (List-Unsubscribe, RFC 8058): a GET only shows a page with a button
 *   (mail scanners open links); the POST — the button, or the mail client's one-click — stops every
 *   follow-up to the address. Its body (`List-Unsubscribe=One-Click`, any content type) is not read.
 */
export const mailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) => done(null, null));

  app.get(FOLLOW_UP_PATHS.open, { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    await recordClick(db, clock, request.query.token);
    return reply.header("cache-control", noStore).redirect(`${routePatterns.continue}?${new URLSearchParams({ token: request.query.token })}`, 303);
  });

  app.get(FOLLOW_UP_PATHS.unsubscribe, { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const address = await addressOfUnsubscribeToken(db, request.query.token);
    reply.type("text/html").header("cache-control", noStore);
    if (address === null) return reply.status(404).send(unknownLink);
    const action = `${FOLLOW_UP_PATHS.unsubscribe}?${new URLSearchParams({ token: request.query.token })}`;
    return reply.send(
      mailPage(
        "Stop these reminders?",
        `<p>The button below stops every reminder about our quizzes to <strong>${escapeHtml(address)}</strong>. Receipts, login links and your reports still reach you.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });

  app.post(FOLLOW_UP_PATHS.unsubscribe, { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const done = await unsubscribe(db, request.query.token);
    reply.type("text/html").header("cache-control", noStore);
    if (!done) return reply.status(404).send(unknownLink);
    return reply.send(mailPage("You are unsubscribed", "<p>We will send no more reminders about our quizzes to this address.</p>"));
  });
};
