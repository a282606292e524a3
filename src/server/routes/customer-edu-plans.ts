import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authedErrors } from "../../../schemas/api/envelope.ts";
import { completeDayBody, completeTaskBody, eduPlanList, eduPlanOne, idParam, takePlanBody } from "../../../schemas/api/edu-plans.ts";
import { requireCustomer } from "../plugins/auth.ts";
import { completeItems, customerPlan, customerPlans, takePlan } from "../services/edu-plans.ts";

export const customerEduPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;
  const tags = ["plans"];

  app.get(
    "/customer/edu-plan/list",
    { schema: { summary: "The plans the customer took, with progress", tags, response: { 200: eduPlanList, ...authedErrors } } },
    async (request) => ({ data: await customerPlans(db, requireCustomer(request).id) }),
  );

  app.get(
    "/customer/edu-plan/:id",
    {
      schema: { summary: "One of the customer's plans, with progress", tags, params: idParam, response: { 200: eduPlanOne, ...authedErrors } },
    },
    async (request) => ({ data: await customerPlan(db, requireCustomer(request).id, request.params.id) }),
  );

  app.post(
    "/customer/edu-plan/take",
    { schema: { summary: "Take a plan as personal (repeating it changes nothing)", tags, body: takePlanBody, response: { 200: eduPlanOne, ...authedErrors } } },
    async (request) => ({ data: await takePlan(db, requireCustomer(request).id, request.body.plan_id, clock.now()) }),
  );

  app.post(
    "/customer/edu-plan/task/complete",
    { schema: { summary: "Complete a task of a plan the customer took", tags, body: completeTaskBody, response: { 200: eduPlanOne, ...authedErrors } } },
    async (request) => {
      const { plan_id, task_id } = request.body;
      return { data: await completeItems(db, requireCustomer(request).id, plan_id, { taskId: task_id }, clock.now()) };
    },
  );

  app.post(
    "/customer/edu-plan/day/complete",
    {
      schema: {
        summary: "Complete a whole day (all its tasks) of a plan the customer took",
        tags,
        body: completeDayBody,
        response: { 200: eduPlanOne, ...authedErrors },
      },
    },
    async (request) => {
      const { plan_id, day_id } = request.body;
      return { data: await completeItems(db, requireCustomer(request).id, plan_id, { dayId: day_id }, clock.now()) };
    },
  );
};
