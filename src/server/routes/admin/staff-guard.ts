import type { FastifyInstance, FastifyRequest } from "fastify";
import { timingSafeEqual } from "node:crypto";
import { HttpError, unauthorized } from "#server/errors.ts";

/** Who is acting in /api/admin: a staff member's session, or the operator's tool on this machine (src/server/db/data-dir-lock.ts). */
type StaffActor = { kind: "staff"; customerId: string; email: string } | { kind: "operator" };

declare module "fastify" {
  interface FastifyRequest {
    staff: StaffActor | null;
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

function actorOf(request: FastifyRequest, operatorToken: string | undefined): StaffActor {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (bearer !== undefined) {
    if (operatorToken && sameToken(bearer, operatorToken)) return { kind: "operator" };
    throw new HttpError(401, "unauthorized", "This operator token is not this app's: use its OPERATOR_TOKEN, or the token in its DATA_DIR's lock");
  }
  const customer = request.customer;
  if (!customer) throw unauthorized();
  if (customer.role !== "staff") throw new HttpError(403, "staff_only", "This page is for the team that runs the funnels");
  return { kind: "staff", customerId: customer.id, email: customer.email };
}

/**
 * Only the operator's tool (the running app's token, read from its data directory) adds or removes
 * staff; a staff session may not, so a stolen or planted session cannot make more staff (ADR 051,
 * docs/admin.md). A route's `preHandler`: the area's guard has already refused anyone but staff, so
 * a staff member may learn the call's shape from a 400.
 */
export async function operatorOnly(request: FastifyRequest): Promise<void> {
  if (request.staff?.kind !== "operator") {
    throw new HttpError(403, "operator_only", "Only the operator adds or removes staff, with npm run staff on the app's machine");
  }
}

/**
 * The one place /api/admin is guarded: every call in the area passes this hook before its input is
 * validated (the session is resolved just before, src/server/plugins/auth.ts). Anonymous: 401; a customer: 403.
 */
export function guardStaffArea(app: FastifyInstance, operatorToken: string | undefined): void {
  app.decorateRequest("staff", null);
  app.addHook("preValidation", async (request) => {
    request.staff = actorOf(request, operatorToken);
  });
  // Staff figures are never cached anywhere.
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));
}
