// URL: POST /api/webhooks/:provider (one per payment provider)
import { createHash } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { HttpError } from "#server/errors.ts";
import { cleanEvent } from "#server/payments/providers/clean-event.ts";
import { PROVIDER_CODES } from "#server/payments/provider.ts";
import { paymentMails } from "#server/payments/queue-receipt.ts";
import { refundDepsOf, refundDuplicatePayments } from "#server/payments/duplicate-payments.ts";
import { recordAndApply } from "#server/payments/payment-events.ts";
import { skipTheLine } from "#server/plugins/admission.ts";

/**
 * Provider notifications: POST /api/webhooks/max_pay and /api/webhooks/pay_pro. Their own scope
 * reads every body as raw bytes (the signature covers the exact bytes), the CSRF guard exempts them,
 * and the pipeline is: verify → reject test events in production → store once → apply and queue the
 * receipt and the conversion events (one transaction) → kick the mail and conversion senders.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const production = services.env.NODE_ENV === "production";
  const mails = paymentMails({ authTokens: services.authTokens, appOrigin: services.env.APP_ORIGIN });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  // The provider waits on each notification, and a payer on what it changes.
  skipTheLine(app);

  for (const code of PROVIDER_CODES) {
    app.post(`/webhooks/${code}`, { schema: { summary: `Payment notifications from ${code}`, tags: ["payments"], hide: true } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const provider = services.payments.get(code);
      const bodySha256 = createHash("sha256").update(raw).digest("hex");
      const verified = provider.verifyNotification(raw, request.headers);
      if (!verified.ok) {
        request.log.warn({ provider: code, reason: verified.reason, bodySha256, bytes: raw.length }, "payment notification refused: bad signature");
        throw new HttpError(401, "invalid_signature", "The notification's signature is not valid");
      }
      const events = provider.parseNotification(raw, request.headers).map(cleanEvent);
      const invalid = events.find((e) => e.invalid);
      if (invalid) {
        request.log.warn({ provider: code, bodySha256, reason: invalid.invalid }, "payment notification refused: invalid field");
        throw new HttpError(400, "invalid_notification", `The notification cannot be accepted: ${invalid.invalid}`);
      }
      if (production && events.some((e) => e.test)) {
        request.log.warn({ provider: code, bodySha256 }, "payment notification refused: test event in production");
        throw new HttpError(400, "test_event_rejected", "Test notifications are not accepted in production");
      }
      for (const event of events) {
        let outcome;
        try {
          outcome = await recordAndApply(services.db, services.clock, code, event, mails, services.conversions.queue);
        } catch (err) {
          request.log.error({ err, provider: code, key: event.key }, "payment notification could not be processed");
          throw new HttpError(503, "try_later", "The notification could not be processed now; send it again later");
        }
        const context = { provider: code, key: event.key, type: event.providerType, orderId: outcome.orderId, status: outcome.status, note: outcome.note };
        if (outcome.duplicate) request.log.info(context, "payment notification already processed");
        else if (outcome.status === "unknown") request.log.warn(context, "payment notification of an unknown type stored");
        else if (outcome.status === "needs_review") request.log.warn(context, "payment notification needs review");
        else request.log.info(context, "payment notification processed");
        if (outcome.status === "processed") {
          services.mail.kick();
          services.conversions.kick();
        }
        if (outcome.fulfilment) services.reports.kick();
        if (outcome.refundDue) {
          // After the commit: the provider is asked to give the duplicate back (retried by the renewal schedule).
          void refundDuplicatePayments(refundDepsOf(app), services.clock.now()).catch((err: unknown) =>
            request.log.error({ err }, "duplicate payment refund failed; retried by the renewal schedule"),
          );
        }
      }
      return { data: { ok: true } };
    });
  }
};
