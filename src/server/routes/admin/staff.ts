import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors, staffAdded, staffEmailBody, staffList, staffRemoved } from "#schemas/api/admin.ts";
import { addStaff, listStaff, removeStaff } from "#server/accounts/staff.ts";
import { operatorOnly } from "./staff-guard.ts";
import { descriptions } from "./descriptions.ts";

/** /api/admin/staff: who runs the funnels (`npm run staff` calls these when the app holds the embedded database). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get("/staff", { schema: { summary: "Staff accounts", tags: ["admin"], response: { 200: staffList, ...adminErrors } } }, async () => ({
    data: await listStaff(services.db),
  }));

  app.post(
    "/staff",
    {
      preHandler: operatorOnly,
      schema: {
        summary: "Invite an address to be staff (the operator's tool only)",
        description: descriptions["POST /staff"],
        tags: ["admin"],
        body: staffEmailBody,
        response: { 200: staffAdded, ...adminErrors },
      },
    },
    async (request) => {
      const added = await addStaff(services.db, services.authTokens, services.env.APP_ORIGIN, request.body.email);
      services.mail.kick();
      return { data: added };
    },
  );

  app.delete(
    "/staff",
    {
      preHandler: operatorOnly,
      schema: {
        summary: "Take staff access away (the operator's tool only)",
        description: descriptions["DELETE /staff"],
        tags: ["admin"],
        body: staffEmailBody,
        response: { 200: staffRemoved, ...adminErrors },
      },
    },
    async (request) => ({ data: await removeStaff(services.db, request.body.email, (id) => services.sessions.destroyAllFor(id)) }),
  );
};
