import { isIP } from "node:net";
import { z } from "zod";

/** An IPv4/IPv6 address, optionally with a prefix length (10.0.0.0/8, fd00::/8). */
function isIpOrCidr(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .url()
        .refine((u) => protocols.includes(new URL(u).protocol), {
          message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`,
        })
        .optional(),
    );

/** A credential: trimmed, empty means unset. */
const secret = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** The Graph API version the Conversions API requests name (https://graph.facebook.com/v<version>). */
const META_GRAPH_VERSION = "v24.0";

/** A platform's base address: http(s), no trailing slash; `fallback` when unset. */
const apiBase = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || fallback)
    .pipe(z.url().refine((u) => ["http:", "https:"].includes(new URL(u).protocol), { message: "must start with http:// or https://" }))
    .transform((v) => v.replace(/\/$/, ""));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    CONTENT_DIR: z.string().min(1).default("./content"),
    FLOWS_DIR: z.string().min(1).default("./flows"),
    /** The built web app (vite build's outDir). */
    DIST_DIR: z.string().min(1).default("./dist"),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
    APP_ORIGIN: optionalUrl(["http:", "https:"]),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
    MAIL_FROM: z.string().min(3).default("Pathwise <hello@pathwise.local>"),
    /** The support address: every e-mail carries it as Reply-To, so an answer reaches a person. */
    /** Where a notice of every coaching booking, move and cancellation goes (the coach or operator). */
    COACHING_NOTIFY_EMAIL: z.email().default("coaching@pathwise.local"),
    LOG_WEBHOOK_URL: optionalUrl(["https:", "http:"]),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    GEO_COUNTRY_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/i, "must be an HTTP header name such as cf-ipcountry")
      .transform((v) => v.toLowerCase())
      .optional(),
    /**
     * The browser build's third parties (read by Vite at build time). The server reads the same
     * variables so its Content-Security-Policy names exactly their hosts.
     */
    VITE_SENTRY_DSN: optionalUrl(["https:"]),
    VITE_GTM_ID: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(
        z
          .string()
          .regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-XXXXXXX")
          .optional(),
      ),
    /**
     * Which X-Forwarded-For entries to believe (docs/decisions/012-client-ip-and-limits.md): `false`,
     * the number of proxies in front of us, or their addresses / CIDR ranges. `true` (trust every
     * entry, including the ones the client wrote) is refused.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .pipe(
        z.union(
          [
            z.enum(["false", "0"]).transform(() => false as const),
            z
              .string()
              .regex(/^[1-9]\d?$/)
              .transform(Number),
            z
              .string()
              .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/)
              .refine((v) => v.split(",").every((a) => isIpOrCidr(a.trim())), "must list IP addresses or CIDR ranges")
              .transform((v) => v.split(",").map((a) => a.trim())),
          ],
          {
            error:
              "must be false, the number of proxies in front of the server (e.g. 1), or their addresses (e.g. 10.0.0.0/8,127.0.0.1); true would trust addresses the client writes itself",
          },
        ),
      ),
    // Payments (docs/decisions/007-payments.md). Without keys a provider runs its local sandbox (not in production).
    MAXPAY_PUBLIC_KEY: secret,
    MAXPAY_PRIVATE_KEY: secret,
    MAXPAY_HPP_HOST: z
      .url()
      .default("https://hpp.maxpay.com")
      .transform((v) => v.replace(/\/$/, "")),
    PAYPRO_SECRET_KEY: secret,
    PAYPRO_VALIDATION_KEY: secret,
    PAYPRO_VENDOR_ACCOUNT_ID: secret,
    PAYPRO_API_SECRET_KEY: secret,
    PAYPRO_PRODUCT_IDS: z
      .string()
      .trim()
      .regex(/^$|^[a-z][a-z0-9_-]*=[A-Za-z0-9_-]+(,[a-z][a-z0-9_-]*=[A-Za-z0-9_-]+)*$/, "must look like plan_a=12345,plan_b=12346")
      .optional(),
    PAYPRO_STORE_HOST: z
      .url()
      .default("https://store.payproglobal.com")
      .transform((v) => v.replace(/\/$/, "")),
    // Conversion events (ADR 056, docs/conversions.md). A destination without its credentials is off
    // on the server; a pixel id alone loads that pixel in the browser, only with marketing consent (ADR 057).
    META_PIXEL_ID: z
      .string()
      .trim()
      .regex(/^$|^\d{5,20}$/, "must be the pixel's number, e.g. 123456789012345")
      .optional()
      .transform((v) => v || undefined),
    META_CAPI_TOKEN: secret,
    /** Sends to Meta's Events Manager test view instead of the live data set (e.g. TEST12345). */
    META_TEST_EVENT_CODE: secret,
    META_API_URL: apiBase(`https://graph.facebook.com/${META_GRAPH_VERSION}`),
    GA4_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^$|^G-[A-Z0-9]{4,16}$/, "must look like G-XXXXXXXXXX")
      .optional()
      .transform((v) => v || undefined),
    GA4_API_SECRET: secret,
    GA4_API_URL: apiBase("https://www.google-analytics.com"),
    TIKTOK_PIXEL_ID: z
      .string()
      .trim()
      .regex(/^$|^[A-Z0-9]{10,30}$/, "must be the pixel code, e.g. C4ABCDEFGHIJ1234567")
      .optional()
      .transform((v) => v || undefined),
    TIKTOK_ACCESS_TOKEN: secret,
    /** Only the console's test button sends it (ADR 062): the test lands in TikTok's Test events view, not in live data. */
    TIKTOK_TEST_EVENT_CODE: secret,
    TIKTOK_API_URL: apiBase("https://business-api.tiktok.com"),
    /** How often this process looks for conversion events due in the outbox (also sent at once after each commit that queues one); 0: never polls. */
    CONVERSIONS_SEND_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    /** Percents the cancel flow may offer as a retention discount; the first is the one offered. */
    RETENTION_DISCOUNT_PERCENTS: z
      .string()
      .default("30,50")
      .transform((v) => v.split(",").map((p) => (p.trim() === "" ? Number.NaN : Number(p.trim()))))
      .pipe(
        z
          .array(z.number().int("must be whole percents between 1 and 90, e.g. 30,50").min(1).max(90))
          .min(1)
          .refine((ps) => new Set(ps).size === ps.length, "must not repeat a percent"),
      ),
    /**
     * A request must arrive whole within this many seconds (headers and body), and an idle
     * connection is closed after it: a slow client cannot hold connections open.
     */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /** How often the renewal job runs in this process; 0 turns it off (e.g. when another process runs it). */
    RENEWALS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** How often this process queues the lead follow-ups that are due (ADR 060); 0 turns it off. */
    FOLLOW_UPS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** How often this process looks for e-mail due in the outbox (also sent at once after each commit that queues one); 0: never polls. */
    MAIL_SEND_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(2),
    /**
     * How often this process looks in flow_versions for flows and report templates another process
     * published or deployed, and makes them live here too (ADR 066): a publish is live everywhere
     * within this many seconds. 0: never looks (one process, or tests that do not need it).
     */
    FLOW_VERSIONS_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    /**
     * The token the command-line tools present to /api/admin (ADR 037, 066). On the app: every
     * process of a deployment accepts it (unset, each start makes its own and names it in
     * DATA_DIR's lock). On a tool, with APP_ORIGIN: the app it asks, wherever that runs.
     */
    OPERATOR_TOKEN: secret.pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional()),
  })
  .transform((e) => ({
    ...e,
    APP_ORIGIN: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
  }))
  .superRefine((e, ctx) => {
    const pairs = [
      ["MAXPAY_PUBLIC_KEY", "MAXPAY_PRIVATE_KEY"],
      ["PAYPRO_SECRET_KEY", "PAYPRO_VALIDATION_KEY"],
      ["GA4_MEASUREMENT_ID", "GA4_API_SECRET"],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(e[a]) !== Boolean(e[b])) ctx.addIssue({ code: "custom", path: [e[a] ? b : a], message: `is required together with ${e[a] ? a : b}` });
    }
    // A pixel id alone loads the pixel in the browser (ADR 057); its server token needs the id (ADR 056).
    const needs = [
      ["META_CAPI_TOKEN", "META_PIXEL_ID"],
      ["TIKTOK_ACCESS_TOKEN", "TIKTOK_PIXEL_ID"],
    ] as const;
    for (const [token, id] of needs) {
      if (e[token] && !e[id]) ctx.addIssue({ code: "custom", path: [id], message: `is required with ${token}` });
    }
    if (e.NODE_ENV !== "production") return;
    if (e.MAXPAY_PUBLIC_KEY?.startsWith("pkTest_"))
      ctx.addIssue({ code: "custom", path: ["MAXPAY_PUBLIC_KEY"], message: "is a test key (pkTest_…); production takes the live key pair" });
    if (!e.APP_ORIGIN.startsWith("https://")) ctx.addIssue({ code: "custom", path: ["APP_ORIGIN"], message: "must be an https:// URL in production" });
    if (!e.SMTP_URL) ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required in production (the outbox is for development)" });
  });

export type Env = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

/** Validates process.env; returns a readable list of problems instead of throwing. */
export function readEnv(source: Record<string, string | undefined>): EnvResult {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((i) => `${i.path.join(".") || "(environment)"}: ${i.message}`),
  };
}
