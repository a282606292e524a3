import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors, staffAdded, staffEmailBody, staffList, staffRemoved } from "#schemas/api/admin.ts";
import { addStaff, listStaff, removeStaff } from "#server/services/staff.ts";

/** /api/admin/staff: who runs the funnels (`npm run staff` calls these when the app holds the embedded database). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get("/staff", { schema: { summary: "Staff accounts", tags: ["admin"], response: { 200: staffList, ...adminErrors } } }, async () => ({
    data: await listStaff(services.db),
  }));

  app.post(
    "/staff",
    {
      schema: {
        summary: "Make an address staff and e-mail it a login link",
        description: "Makes the account when there is none. Calling it again sends a new link.",
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
      schema: {
        summary: "Take staff access away",
        description: "The account stays (as a customer's); its sessions end.",
        tags: ["admin"],
        body: staffEmailBody,
        response: { 200: staffRemoved, ...adminErrors },
      },
    },
    async (request) => ({ data: await removeStaff(services.db, request.body.email, (id) => services.sessions.destroyAllFor(id)) }),
  );
};
