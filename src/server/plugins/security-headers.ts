import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Paths whose URL may carry a secret token: their pages must not leak it through Referer. */
const TOKEN_PAGES = ["/login", "/reset-password"];

export async function registerSecurityHeaders(app: FastifyInstance, production: boolean, thirdParty: Record<string, string[]> = {}): Promise<void> {
  const extra = (directive: string) => thirdParty[directive] ?? [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...extra("script-src")],
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
  app.addHook("onSend", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    if (TOKEN_PAGES.some((p) => path === p || path.startsWith(`${p}/`)) || path.startsWith("/dev/mail")) {
      void reply.header("referrer-policy", "no-referrer");
    }
  });
}
