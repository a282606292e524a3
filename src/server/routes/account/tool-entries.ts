// URL: /api/customer/tools/:name/entries (list, add, change, delete)
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authedErrors, errorBody, ok } from "#schemas/api/envelope.ts";
import { emptyBody } from "#schemas/api/quiz.ts";
import { toolEntryBody, toolEntryList, toolEntryOne, toolEntryParams, toolNameParam } from "#schemas/api/tools.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { requireAccountAccess } from "#server/accounts/account-access.ts";
import { createEntry, deleteEntry, listEntries, toolByName, updateEntry, validateEntry } from "#server/content/tool-entries.ts";
import { locked, invalid } from "./descriptions.ts";

/** What a customer saves in the interactive tools (ADR 021): many entries per tool, kept as a history. */
export const toolEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;
  const tags = ["tools"];

  app.get(
    "/customer/tools/:name/entries",
    {
      schema: {
        summary: "The customer's saved entries in one tool, most recently saved first",
        description: "Open while the account is locked: the entries are the customer's own (ADR 021). 404 for an unknown tool.",
        tags,
        params: toolNameParam,
        response: { 200: toolEntryList, ...authedErrors },
      },
    },
    async (request) => {
      const tool = await toolByName(db, request.params.name);
      const customer = requireCustomer(request);
      return { data: await listEntries(db, customer.id, tool.name) };
    },
  );

  app.post(
    "/customer/tools/:name/entries",
    {
      schema: {
        summary: "Save a new entry in a tool",
        description: `201 with the entry. ${invalid} 409 \`too_many_entries\` when the customer already keeps the most a tool allows. ${locked}`,
        tags,
        params: toolNameParam,
        body: toolEntryBody,
        response: { 201: toolEntryOne, 409: errorBody, ...authedErrors },
      },
    },
    async (request, reply) => {
      const tool = await toolByName(db, request.params.name);
      const customer = await requireAccountAccess(db, request.customer, clock.now());
      const checked = validateEntry(tool, request.body.data);
      if (!checked.ok) return reply.status(400).send(checked.body);
      return reply.status(201).send({ data: await createEntry(db, customer.id, tool.name, checked.data, clock.now()) });
    },
  );

  app.post(
    "/customer/tools/:name/entries/:entry_id",
    {
      schema: {
        summary: "Replace what a saved entry holds",
        description: `404 unless the entry is the customer's, in this tool. ${invalid} ${locked}`,
        tags,
        params: toolEntryParams,
        body: toolEntryBody,
        response: { 200: toolEntryOne, ...authedErrors },
      },
    },
    async (request, reply) => {
      const tool = await toolByName(db, request.params.name);
      const customer = await requireAccountAccess(db, request.customer, clock.now());
      const checked = validateEntry(tool, request.body.data);
      if (!checked.ok) return reply.status(400).send(checked.body);
      return { data: await updateEntry(db, customer.id, tool.name, request.params.entry_id, checked.data, clock.now()) };
    },
  );

  app.post(
    "/customer/tools/:name/entries/:entry_id/delete",
    {
      schema: {
        summary: "Delete a saved entry",
        description: `404 unless the entry is the customer's, in this tool. ${locked}`,
        tags,
        params: toolEntryParams,
        body: emptyBody,
        response: { 200: ok, ...authedErrors },
      },
    },
    async (request) => {
      const tool = await toolByName(db, request.params.name);
      const customer = await requireAccountAccess(db, request.customer, clock.now());
      await deleteEntry(db, customer.id, tool.name, request.params.entry_id);
      return { data: { ok: true as const } };
    },
  );
};
