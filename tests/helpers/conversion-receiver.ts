import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { WEBHOOK_TYPES } from "#schemas/api/admin-webhooks.ts";
import { z } from "zod";

/**
 * A local stand-in for the ad platforms (ADR 056) and the team's webhook receivers (ADR 061): a real
 * HTTP server that checks each platform's required fields — and a webhook's signature, with the
 * standardwebhooks library as a receiver would — records every request, and answers as the test says
 * (200 by default).
 */

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** Meta Conversions API: what a website server event must carry. */
const metaBody = z.object({
  access_token: z.string().min(1),
  test_event_code: z.string().optional(),
  data: z
    .array(
      z.object({
        event_name: z.enum(["Lead", "Purchase", "StartTrial"]),
        event_time: z.number().int().positive(),
        event_id: z.string().min(1),
        action_source: z.literal("website"),
        event_source_url: z.url(),
        user_data: z.object({
          em: z.array(sha256Hex).optional(),
          external_id: z.array(sha256Hex).optional(),
          fbp: z.string().optional(),
          fbc: z
            .string()
            .regex(/^fb\.1\.\d+\..+$/)
            .optional(),
          client_ip_address: z.string().min(1),
          client_user_agent: z.string().min(1),
        }),
        custom_data: z.object({ value: z.number(), currency: z.string().length(3), order_id: z.string() }).optional(),
      }),
    )
    .length(1),
});

/** GA4 Measurement Protocol: a client id in GA's format and named events. */
const ga4Body = z.object({
  client_id: z.string().regex(/^\d+\.\d+$/),
  timestamp_micros: z.number().int().optional(),
  events: z
    .array(
      z.object({
        name: z.enum(["purchase", "refund", "generate_lead"]),
        params: z.object({ event_id: z.string(), transaction_id: z.string().optional(), value: z.number().optional(), currency: z.string().optional() }),
      }),
    )
    .length(1),
});

/** TikTok Events API 2.0. */
const tiktokBody = z.object({
  event_source: z.literal("web"),
  event_source_id: z.string().min(1),
  data: z
    .array(
      z.object({
        event: z.enum(["SubmitForm", "CompletePayment"]),
        event_time: z.number().int(),
        event_id: z.string(),
        user: z.object({ email: sha256Hex.optional(), ttclid: z.string().optional(), ip: z.string().optional(), user_agent: z.string().optional() }),
        page: z.object({ url: z.url() }),
      }),
    )
    .length(1),
});

/** A Standard Webhooks body as ADR 061 documents it. */
const webhookBody = z.object({
  type: z.enum(WEBHOOK_TYPES.map((t) => t.type)),
  timestamp: z.iso.datetime(),
  data: z.object({ event_id: z.string().min(1), kind: z.string(), customer_id: z.string().nullable() }),
});

export type Platform = "meta" | "ga4" | "tiktok" | "webhook";

export type Received = { platform: Platform; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: Record<string, unknown> };

export type Answer = { status: number; headers?: Record<string, string>; body?: string };

/** Which platform a path belongs to and what it must carry; the routes are the ones the README documents. */
function check(
  path: string,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  body: unknown,
  raw: string,
  secrets: Map<string, string>,
): { platform: Platform; problem: string | null } | null {
  const problem = (result: { success: boolean; error?: z.ZodError }) => (result.success ? null : z.prettifyError(result.error!));
  const webhook = /^\/webhook\/([\w-]+)$/.exec(path);
  if (webhook) {
    const secret = secrets.get(webhook[1]!);
    if (!secret) return { platform: "webhook", problem: `no secret for ${path}` };
    try {
      new Webhook(secret).verify(raw, headers as Record<string, string>);
    } catch (err) {
      return { platform: "webhook", problem: `signature: ${err instanceof Error ? err.message : String(err)}` };
    }
    return { platform: "webhook", problem: problem(webhookBody.safeParse(body)) };
  }
  if (/^\/meta\/\d+\/events$/.test(path)) return { platform: "meta", problem: problem(metaBody.safeParse(body)) };
  // GA4's validation server (the console's test button) takes the same body and keeps nothing.
  if (path === "/ga4/mp/collect" || path === "/ga4/debug/mp/collect") {
    const missing = !query.get("measurement_id") || !query.get("api_secret") ? "measurement_id and api_secret are required" : null;
    return { platform: "ga4", problem: missing ?? problem(ga4Body.safeParse(body)) };
  }
  if (path === "/tiktok/open_api/v1.3/event/track/") {
    const missing = headers["access-token"] ? null : "the Access-Token header is required";
    return { platform: "tiktok", problem: missing ?? problem(tiktokBody.safeParse(body)) };
  }
  return null;
}

export async function startConversionReceiver() {
  const received: Received[] = [];
  const problems: string[] = [];
  /** Answers to give, per platform, before falling back to 200. */
  const scripted: Record<Platform, Answer[]> = { meta: [], ga4: [], tiktok: [], webhook: [] };
  /** Each webhook receiver's signing secret, by the last segment of its path (`/webhook/<name>`). */
  const secrets = new Map<string, string>();
  /** While set, requests are held unanswered (a platform that hangs). */
  let holding = false;
  const held: (() => void)[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        problems.push(`${url.pathname}: the body is not JSON`);
      }
      const checked = check(url.pathname, req.headers, url.searchParams, body, raw, secrets);
      if (!checked) {
        problems.push(`${req.method} ${url.pathname}: no platform answers here`);
        res.writeHead(404).end();
        return;
      }
      received.push({ platform: checked.platform, path: url.pathname, query: url.searchParams, headers: req.headers, body: body as Record<string, unknown> });
      const answer = (a: Answer) => res.writeHead(a.status, { "content-type": "application/json", ...a.headers }).end(a.body ?? "{}");
      if (checked.problem) {
        problems.push(`${checked.platform}: ${checked.problem}`);
        answer({ status: 400, body: JSON.stringify({ error: { message: checked.problem } }) });
        return;
      }
      const fine = checked.platform === "tiktok" ? '{"code":0,"message":"OK"}' : url.pathname.includes("/debug/") ? '{"validationMessages":[]}' : "{}";
      const next = scripted[checked.platform].shift() ?? { status: 200, body: fine };
      if (holding) held.push(() => answer(next));
      else answer(next);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    received,
    problems,
    /** The env that points every destination here, with credentials. */
    env: {
      META_PIXEL_ID: "123456789012345",
      META_CAPI_TOKEN: "meta-test-token",
      META_API_URL: `${url}/meta`,
      GA4_MEASUREMENT_ID: "G-TEST1234",
      GA4_API_SECRET: "ga4-test-secret",
      GA4_API_URL: `${url}/ga4`,
      TIKTOK_PIXEL_ID: "C4TESTPIXEL1234567",
      TIKTOK_ACCESS_TOKEN: "tiktok-test-token",
      TIKTOK_API_URL: `${url}/tiktok`,
    },
    /** A webhook receiver at `<url>/webhook/<name>` that verifies signatures with `secret`. */
    webhook(name: string, secret: string) {
      secrets.set(name, secret);
      return `${url}/webhook/${name}`;
    },
    /** The next answers a platform gives, in order. */
    script(platform: Platform, ...answers: Answer[]) {
      scripted[platform].push(...answers);
    },
    /** Holds every request unanswered until `release()` (or the server closes). */
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    clear() {
      received.length = 0;
      problems.length = 0;
      for (const p of Object.keys(scripted) as Platform[]) scripted[p] = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ConversionReceiver = Awaited<ReturnType<typeof startConversionReceiver>>;

/** The single event a request carries, whatever the platform: its id and name. */
export function eventOf(r: Received): { id: string; name: string } {
  if (r.platform === "webhook") {
    const data = r.body.data as { event_id: string };
    return { id: data.event_id, name: r.body.type as string };
  }
  if (r.platform === "ga4") {
    const [e] = r.body.events as { name: string; params: { event_id: string } }[];
    return { id: e!.params.event_id, name: e!.name };
  }
  const [e] = r.body.data as { event_id: string; event_name?: string; event?: string }[];
  return { id: e!.event_id, name: (e!.event_name ?? e!.event)! };
}
