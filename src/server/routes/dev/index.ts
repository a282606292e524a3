import type { FastifyPluginAsync } from "fastify";
import { devMailRoutes } from "./mail.ts";
import { sandboxRoutes } from "./sandbox.ts";

type DevOptions = { outbox: boolean; fetch: typeof fetch };

/** Development only, outside /api (src/server/app.ts never registers it in production): the mail outbox at /dev/mail when mail goes there, and the payment sandbox at /sandbox. */
export const devArea: FastifyPluginAsync<DevOptions> = async (app, options) => {
  if (options.outbox) await app.register(devMailRoutes, { prefix: "/dev/mail" });
  // Local hosted checkouts for providers without credentials.
  await app.register(sandboxRoutes, { prefix: "/sandbox", fetch: options.fetch });
};
