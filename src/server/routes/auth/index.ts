import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AreaOptions } from "../area-options.ts";
import { authRoutes } from "./login.ts";
import { passwordRoutes } from "./reset-password.ts";

/** Logging in and out, login links and passwords: every call under /auth (the files name the rest of the URL). */
export const authArea: FastifyPluginAsyncZod<AreaOptions> = async (app, { cookie }) => {
  await app.register(authRoutes, { prefix: "/auth", cookie });
  await app.register(passwordRoutes, { prefix: "/auth", cookie });
};
