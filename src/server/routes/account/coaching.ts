// URL: GET /api/coaching and /api/customer/coaching/… (slots, bookings, book, move, cancel)
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bookBody, bookingParams, bookingResponse, bookingsResponse, coachingInfo, moveBody, slotsQuery, slotsResponse } from "#schemas/api/coaching.ts";
import { authedErrors, commonErrors, errorBody } from "#schemas/api/envelope.ts";
import { emptyBody } from "#schemas/api/quiz.ts";
import { HttpError } from "#server/errors.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { accountAccess, lockOf, requireAccountAccess } from "#server/accounts/account-access.ts";
import { bookingView, bookSession, cancelSession, customerBookings, moveSession, slotsFor, type CoachingDeps } from "#server/content/coaching-bookings.ts";
import { descriptions, locked } from "./descriptions.ts";

/** Coach booking (ADR 025): the sessions on offer, free times, and a customer's bookings, booked, moved and cancelled. */
export const coachingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, env, mail } = app.services;
  const tags = ["coaching"];
  const config = () => {
    if (!app.services.coaching) throw new HttpError(404, "not_found", "Coaching is not offered");
    return app.services.coaching;
  };
  const deps = (): CoachingDeps => ({ db, config: config(), now: clock.now(), notifyEmail: env.COACHING_NOTIFY_EMAIL, appOrigin: env.APP_ORIGIN });

  app.get(
    "/coaching",
    { schema: { summary: "The coaching sessions on offer, how they happen and the booking rules", tags, response: { 200: coachingInfo, ...commonErrors } } },
    async () => {
      const c = config();
      return {
        data: {
          title: c.title,
          intro: c.intro,
          how_it_happens: c.how_it_happens,
          timezone: c.timezone,
          change_until_hours: c.change_until_hours,
          max_upcoming: c.max_upcoming,
          sessions: c.sessions,
        },
      };
    },
  );

  app.get(
    "/customer/coaching/slots",
    {
      schema: {
        summary: "Free start times for one session, earliest first",
        description: `400 \`unknown_session\` for a code not on offer. ${locked}`,
        tags,
        querystring: slotsQuery,
        response: { 200: slotsResponse, ...authedErrors },
      },
    },
    async (request) => {
      await requireAccountAccess(db, request.customer, clock.now());
      return { data: await slotsFor(deps(), request.query.session, request.query.from) };
    },
  );

  app.get(
    "/customer/coaching/bookings",
    {
      schema: {
        summary: "The customer's sessions: upcoming (soonest first) and past or cancelled, and whether booking is locked",
        description: descriptions["GET /customer/coaching/bookings"],
        tags,
        response: { 200: bookingsResponse, ...authedErrors },
      },
    },
    async (request) => {
      const me = requireCustomer(request);
      const [mine, access] = await Promise.all([customerBookings(deps(), me.id), accountAccess(db, me.id, clock.now())]);
      return { data: { ...mine, locked: access.granted ? null : lockOf(access.reason) } };
    },
  );

  app.post(
    "/customer/coaching/book",
    {
      schema: {
        summary: "Book a session at a free start time",
        description: descriptions["POST /customer/coaching/book"],
        tags,
        body: bookBody,
        response: { 201: bookingResponse, 409: errorBody, ...authedErrors },
      },
    },
    async (request, reply) => {
      const customer = await requireAccountAccess(db, request.customer, clock.now());
      const d = deps();
      const row = await bookSession(d, customer, request.body);
      mail.kick();
      return reply.status(201).send({ data: bookingView(d.config, row, d.now) });
    },
  );

  app.post(
    "/customer/coaching/bookings/:id/move",
    {
      schema: {
        summary: "Move a booking to another free start time (the calendar event updates)",
        description: descriptions["POST /customer/coaching/bookings/:id/move"],
        tags,
        params: bookingParams,
        body: moveBody,
        response: { 200: bookingResponse, 409: errorBody, ...authedErrors },
      },
    },
    async (request) => {
      const customer = await requireAccountAccess(db, request.customer, clock.now());
      const d = deps();
      const row = await moveSession(d, customer, request.params.id, request.body.starts_at, request.body.time_zone);
      mail.kick();
      return { data: bookingView(d.config, row, d.now) };
    },
  );

  app.post(
    "/customer/coaching/bookings/:id/cancel",
    {
      schema: {
        summary: "Cancel a booking (the calendar event is removed)",
        description: "404 unless the booking is the customer's. 409 `too_late` inside the notice before it starts, `already_cancelled`. Needs only a login.",
        tags,
        params: bookingParams,
        body: emptyBody,
        response: { 200: bookingResponse, 409: errorBody, ...authedErrors },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const d = deps();
      const row = await cancelSession(d, customer, request.params.id);
      mail.kick();
      return { data: bookingView(d.config, row, d.now) };
    },
  );
};
