import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { registerAdmission } from "./plugins/admission.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerCanonicalOrigin } from "./plugins/canonical-origin.ts";
import { registerCsrfGuard } from "./plugins/csrf.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { thirdPartySources } from "./plugins/third-party-csp.ts";
import { registerFallback, registerSpa } from "./plugins/spa.ts";
import { registerSiteMaps } from "./plugins/site-maps.ts";
import { apiRoutes } from "./routes/index.ts";
import { mailLinkRoutes } from "./routes/mail/index.ts";
import { sendDueFollowUps } from "./follow-ups/send-due.ts";
import { devArea } from "./routes/dev/index.ts";
import { createServices, type AppDeps } from "./app-services.ts";
import { syncDeployedVersions } from "./flows/flow-versions.ts";
import { redactUrl } from "./redact-url.ts";
import { trustProxyOption } from "./trust-proxy.ts";
import { createSubscriptionProvider } from "./payments/subscriptions-provider.ts";
import { purgeExpired } from "./jobs/purge-expired.ts";
import { scheduleRenewals } from "./payments/renewals/renewal-schedule.ts";
import { scheduleJob } from "./jobs/schedule.ts";

const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

export type AppOptions = AppDeps & {
  logger?: boolean;
  /** Folder with the built SPA; defaults to dist/. */
  distDir?: string;
  /** Folder with the content images; defaults to content/images. */
  imagesDir?: string;
  version?: string;
  /** The token the command-line tools on this machine present to /api/admin (db/data-dir-lock.ts); none in tests unless given. */
  operatorToken?: string;
};

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Expired sessions, tokens and rate-limit windows are deleted this often. */
const PURGE_INTERVAL_SECONDS = 60 * 60;

/** Builds the whole server; the caller listens or injects. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const production = env.NODE_ENV === "production";
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    bodyLimit: 64 * 1024,
    // A slow body or a silent client gets 408 or a closed socket instead of holding a connection.
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: 10_000,
    // Node checks request timeouts on this interval (30 s by default, which would let a slow body live twice as long).
    http: { connectionsCheckingInterval: Math.min(1000, env.REQUEST_TIMEOUT_SECONDS * 250), headersTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000 },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    forceCloseConnections: "idle",
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("services", createServices(options));
  // The deployed flows and templates are versions; what was published after them stays live (ADR 066).
  await syncDeployedVersions(app.services, { flowSources: options.flowSources ?? new Map(), contentDir: app.services.contentDir, log: app.log });
  app.decorate("subscriptionProvider", createSubscriptionProvider(app.services.payments));
  // Hooks every request runs take a callback, not a promise: no promise and no extra turn of the microtask queue each (ADR 074).
  app.addHook("onSend", (request, reply, _payload, done) => {
    void reply.header("x-request-id", request.id);
    done();
  });
  // The mail sender polls the outbox from now on; on close (after the renewal job, added later, stops) it delivers what is due.
  app.services.mail.start(app.log);
  app.addHook("onClose", async () => app.services.mail.stop());
  // The conversion sender, the same way: a platform that is slow or down never holds up a request.
  app.services.conversions.start(app.log);
  app.addHook("onClose", async () => app.services.conversions.stop());
  // The report worker builds paid reports in the background; closing waits for the one under way.
  app.services.reports.start(app.log);
  app.addHook("onClose", async () => app.services.reports.stop());

  registerErrorHandler(app);
  await registerSecurityHeaders(app, production, thirdPartySources(env));
  // API answers above 1 KB go out brotli- or gzip-compressed when the client accepts it; built
  // assets are precompressed at build time and served as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await registerOpenApi(app, options.version ?? "0.0.0");
  // Before the session lookup: a call waits for its place before it touches the database (ADR 040).
  app.decorate("admission", registerAdmission(app));
  const cookie = await registerAuth(app, production);
  registerCsrfGuard(app, [env.APP_ORIGIN]);
  if (env.NODE_ENV === "development") registerCanonicalOrigin(app, env.APP_ORIGIN);
  await app.register(apiRoutes, { prefix: "/api", cookie, operatorToken: options.operatorToken });
  // The links in follow-up e-mails (ADR 060), outside /api: mail clients open and post them.
  await app.register(mailLinkRoutes);
  // The mail outbox and the payment sandbox; never in production.
  if (!production) await app.register(devArea, { outbox: options.mailer.kind === "outbox", fetch: options.fetch ?? fetch });

  registerSiteMaps(app, env.APP_ORIGIN);
  const distDir = options.distDir ?? `${projectRoot}dist`;
  const spa = await registerSpa(app, { distDir, imagesDir: options.imagesDir ?? `${projectRoot}content/images` });
  await registerFallback(app, spa ? distDir : null, { secureCookies: production });
  scheduleRenewals(app, env.RENEWALS_INTERVAL_SECONDS);
  scheduleJob(app, "follow-ups", env.FOLLOW_UPS_INTERVAL_SECONDS, async () => {
    const queued = await sendDueFollowUps(app);
    if (queued > 0) app.log.info({ queued }, "lead follow-ups queued");
  });
  // Flows and templates another process published or deployed go live here too (ADR 066).
  scheduleJob(app, "flow versions", env.FLOW_VERSIONS_POLL_SECONDS, async () => void (await app.services.versions.follow(app.log)));
  scheduleJob(app, "purge", PURGE_INTERVAL_SECONDS, async () => {
    const purged = await purgeExpired(app.services.db, app.services.clock.now());
    app.log.info({ purged }, "expired rows purged");
  });
  return app;
}
