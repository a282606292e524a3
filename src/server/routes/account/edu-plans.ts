// URL: /api/customer/edu-plan/… (list, one plan, take, task and day complete)
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authedErrors } from "#schemas/api/envelope.ts";
import { completeDayBody, completeTaskBody, eduPlanList, eduPlanOne, idParam, takePlanBody } from "#schemas/api/edu-plans.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { accountAccess, requireAccountAccess } from "#server/accounts/account-access.ts";
import { completeItems, customerPlans, planAsCustomerSees, takePlan } from "#server/content/edu-plans.ts";
import { locked } from "./descriptions.ts";

export const customerEduPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;
  const tags = ["plans"];

  app.get(
    "/customer/edu-plan/list",
    {
      schema: {
        summary: "The plans the customer took, with progress",
        description: "Task texts are null while no subscription gives access (ADR 017); the progress stays.",
        tags,
        response: { 200: eduPlanList, ...authedErrors },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { granted } = await accountAccess(db, customer.id, clock.now());
      return { data: await customerPlans(db, customer.id, { withText: granted }) };
    },
  );

  app.get(
    "/customer/edu-plan/:id",
    {
      schema: {
        summary: "One plan as the customer sees it: with progress once taken, else with taken_at null",
        description: `404 only for a plan that is neither published nor taken. ${locked}`,
        tags,
        params: idParam,
        response: { 200: eduPlanOne, ...authedErrors },
      },
    },
    async (request) => ({ data: await planAsCustomerSees(db, (await requireAccountAccess(db, request.customer, clock.now())).id, request.params.id) }),
  );

  app.post(
    "/customer/edu-plan/take",
    {
      schema: {
        summary: "Take a plan as personal (repeating it changes nothing)",
        description: locked,
        tags,
        body: takePlanBody,
        response: { 200: eduPlanOne, ...authedErrors },
      },
    },
    async (request) => ({ data: await takePlan(db, (await requireAccountAccess(db, request.customer, clock.now())).id, request.body.plan_id, clock.now()) }),
  );

  app.post(
    "/customer/edu-plan/task/complete",
    {
      schema: {
        summary: "Complete a task of a plan the customer took",
        description: locked,
        tags,
        body: completeTaskBody,
        response: { 200: eduPlanOne, ...authedErrors },
      },
    },
    async (request) => {
      const { plan_id, task_id } = request.body;
      const customer = await requireAccountAccess(db, request.customer, clock.now());
      return { data: await completeItems(db, customer.id, plan_id, { taskId: task_id }, clock.now()) };
    },
  );

  app.post(
    "/customer/edu-plan/day/complete",
    {
      schema: {
        summary: "Complete a whole day (all its tasks) of a plan the customer took",
        description: locked,
        tags,
        body: completeDayBody,
        response: { 200: eduPlanOne, ...authedErrors },
      },
    },
    async (request) => {
      const { plan_id, day_id } = request.body;
      const customer = await requireAccountAccess(db, request.customer, clock.now());
      return { data: await completeItems(db, customer.id, plan_id, { dayId: day_id }, clock.now()) };
    },
  );
};
