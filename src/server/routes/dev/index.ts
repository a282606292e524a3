import type { FastifyPluginAsync } from "fastify";
import { requireSameOriginWrites } from "#server/plugins/csrf.ts";
import { devConversionRoutes } from "./conversions.ts";
import { devMailRoutes } from "./mail.ts";
import { sandboxRoutes } from "./sandbox.ts";

type DevOptions = { outbox: boolean; fetch: typeof fetch };

/** Development only, outside /api (src/server/app.ts never registers it in production): the mail outbox at /dev/mail when mail goes there, the conversion events at /dev/conversions, and the payment sandbox at /sandbox. */
export const devArea: FastifyPluginAsync<DevOptions> = async (app, options) => {
  if (options.outbox) await app.register(devMailRoutes, { prefix: "/dev/mail" });
  await app.register(devConversionRoutes, { prefix: "/dev/conversions" });
  // Local hosted checkouts for providers without credentials, and their console. Its forms refund
  // and fail payments: the whole area refuses a write from another site, new actions included.
  await app.register(async (sandbox) => {
    requireSameOriginWrites(sandbox, [app.services.env.APP_ORIGIN]);
    await sandbox.register(sandboxRoutes, { prefix: "/sandbox", fetch: options.fetch });
  });
};
