import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PAGE_SCRIPTS_LOADER_HASH } from "./page-scripts.ts";

/** Paths whose URL may carry a secret token: their pages must not leak it through Referer. */
const TOKEN_PAGES = ["/login", "/reset-password"];

/**
 * The headers helmet sets for these options. They do not depend on the request, so they are worked
 * out once at start-up (helmet's Fastify plugin rebuilds them for every response: about a seventh of
 * the time of a cached API call).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, production: boolean, thirdParty: Record<string, string[]> = {}): Promise<void> {
  const extra = (directive: string) => thirdParty[directive] ?? [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        // The one inline script: the loader that starts a server-rendered page's scripts after its first paint.
        "script-src": ["'self'", PAGE_SCRIPTS_LOADER_HASH, ...extra("script-src")],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", ...extra("img-src")],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...extra("connect-src")],
        ...(thirdParty["worker-src"] ? { "worker-src": thirdParty["worker-src"] } : {}),
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        ...(production ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // Callback hooks, as every hook each request runs (src/server/app.ts).
  app.addHook("onRequest", (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  app.addHook("onSend", (request, reply, _payload, done) => {
    const path = request.url.split("?")[0]!;
    if (TOKEN_PAGES.some((p) => path === p || path.startsWith(`${p}/`)) || path.startsWith("/dev/mail")) {
      void reply.header("referrer-policy", "no-referrer");
    }
    done();
  });
}
