import { randomUUID } from "node:crypto";
import type { TestSent } from "#schemas/api/admin-integrations.ts";
import { conversionEventId } from "#schemas/conversions/events.ts";
import type { Env } from "../env.ts";
import { sha256, type ConversionEvent } from "./conversion-event.ts";
import { CONVERSION_DEFAULTS } from "./delivery-rules.ts";
import { missingVariables } from "./destinations/destination.ts";
import { DESTINATIONS } from "./destinations/registry.ts";
import { serverGaClientId } from "./visitor-signals.ts";

/** The longest answer the console shows. */
const ANSWER_CHARACTERS = 2000;

/** Why a test was not sent: the HTTP status and code the console's API answers with. */
type NotSent = { status: 404 | 409; code: string; message: string };

/**
 * A made-up lead (`lead_test-<uuid>`, from conversionEventId like every id) from the staff member's
 * own browser: it carries no one's e-mail, and its client IP and user agent are the staff member's.
 */
function testLead(env: Env, who: { clientIp: string; userAgent: string }, now: Date): ConversionEvent {
  const key = `test-${randomUUID()}`;
  return {
    kind: "lead",
    eventId: conversionEventId("lead", key),
    eventTime: Math.floor(now.getTime() / 1000),
    sourceUrl: env.APP_ORIGIN,
    value: null,
    currency: null,
    orderId: null,
    user: {
      emailSha256: null,
      externalIdSha256: sha256(key),
      clientIp: who.clientIp,
      userAgent: who.userAgent,
      fbp: null,
      fbc: null,
      gaClientId: serverGaClientId(key, now),
      ttclid: null,
    },
  };
}

/**
 * The console's test button (ADR 062): one test event sent now, straight to the platform's test
 * channel (Meta's and TikTok's `test_event_code`, GA4's validation server), never through the outbox,
 * so it is in no figure and no platform's live data; the platform's answer is the result.
 */
export async function sendTestEvent(
  env: Env,
  send: typeof fetch,
  key: string,
  who: { clientIp: string; userAgent: string },
  now: Date,
): Promise<{ sent: TestSent } | { notSent: NotSent }> {
  const destination = Object.hasOwn(DESTINATIONS, key) ? DESTINATIONS[key] : undefined;
  if (!destination)
    return { notSent: { status: 404, code: "not_found", message: `No destination “${key}” can be sent a test: ${Object.keys(DESTINATIONS).join(", ")} can` } };
  const missing = missingVariables(destination, env);
  if (missing.length > 0)
    return { notSent: { status: 409, code: "not_configured", message: `${destination.title} is not configured: set ${missing.join(" and ")}` } };
  const test = destination.test(env);
  if ("refused" in test) return { notSent: { status: 409, code: "no_test_channel", message: test.refused } };

  const event = testLead(env, who, now);
  const request = test.connection.request(event);
  const result = (httpStatus: number | null, accepted: boolean, findings: string[], answer: string): { sent: TestSent } => ({
    sent: { destination: key, eventId: event.eventId, httpStatus, accepted, findings, answer: answer.slice(0, ANSWER_CHARACTERS) },
  });
  let response: Response;
  try {
    response = await send(request.url, {
      method: "POST",
      headers: request.headers,
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(CONVERSION_DEFAULTS.sendTimeoutSeconds * 1000),
    });
  } catch (err) {
    const why = err instanceof Error && err.name === "TimeoutError" ? `no answer within ${CONVERSION_DEFAULTS.sendTimeoutSeconds} s` : String(err);
    return result(null, false, [], `The request did not reach ${destination.title}: ${why}`);
  }
  const text = await response.text().catch(() => "");
  const refused = response.ok ? (test.connection.refusal?.(text) ?? null) : null;
  const findings = [...(refused ? [refused] : []), ...(test.connection.findings?.(text) ?? [])];
  return result(response.status, response.ok && findings.length === 0, findings, text || `(an empty answer, HTTP ${response.status})`);
}
