import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TOOL_ENTRIES } from "#schemas/api/tools.ts";
import { subscriptions, toolEntries } from "#server/db/schema.ts";
import { insertSubscription, signedInCustomer } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * What a customer saves in the interactive tools (ADR 021): entries validated against the tool's
 * kind and config, many per tool, only ever the customer's own; saving needs a plan, reading them
 * back does not.
 */
let t: TestApp;
let ip = 10;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

async function someone(kind: string, { paid = true } = {}) {
  const b = await signedInCustomer(t.app, `tools-${kind}-${Date.now()}-${ip}@example.org`, `198.51.100.${ip++}`);
  if (paid) await insertSubscription(t.db, b.id, t.clock.now());
  return b;
}

type Entry = { id: string; tool_name: string; data: Record<string, unknown>; created_at: string; updated_at: string };

const SORT = "/api/customer/tools/values-card-sort/entries";
const AUDIT = "/api/customer/tools/weekly-time-audit/entries";
const ENERGY = "/api/customer/tools/energy-map/entries";
const SCRIPT = "/api/customer/tools/salary-negotiation-script/entries";

const sortData = (top: string[] = ["autonomy"]) => ({
  placements: { autonomy: "very-important", learning: "very-important", income: "not-important" },
  top,
});

const rowsOf = (customerId: string) => t.db.select().from(toolEntries).where(eq(toolEntries.customerId, customerId));

describe("saving, listing, changing and deleting entries", () => {
  it("saves an entry with its defaults filled in, lists entries most recently saved first, updates and deletes", async () => {
    const b = await someone("crud");
    const first = await b.post(SORT, { data: sortData() });
    expect(first.statusCode, first.body).toBe(201);
    const a = first.json<{ data: Entry }>().data;
    expect(a).toMatchObject({ tool_name: "values-card-sort", data: { ...sortData(), note: "" } });

    t.clock.advance(60);
    const second = (await b.post(SORT, { data: sortData(["learning", "autonomy"]) })).json<{ data: Entry }>().data;
    const list = async () => (await b.get(SORT)).json<{ data: Entry[] }>().data.map((e) => e.id);
    expect(await list()).toEqual([second.id, a.id]);

    t.clock.advance(60);
    const updated = await b.post(`${SORT}/${a.id}`, { data: { ...sortData(["learning"]), note: "Learning first, then autonomy." } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ id: a.id, created_at: a.created_at, data: { top: ["learning"], note: "Learning first, then autonomy." } });
    expect(updated.json().data.updated_at).not.toBe(a.updated_at);
    expect(await list()).toEqual([a.id, second.id]);

    const deleted = await b.post(`${SORT}/${second.id}/delete`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { ok: true } });
    expect(await list()).toEqual([a.id]);
    expect((await b.post(`${SORT}/${second.id}/delete`)).statusCode).toBe(404);

    // Entries belong to one tool: another tool's list does not show them.
    expect((await b.get(AUDIT)).json().data).toEqual([]);
    expect((await b.post(`${AUDIT}/${a.id}/delete`)).statusCode).toBe(404);
  });

  it("saves a valid entry of every kind", async () => {
    const b = await someone("kinds");
    const valid: [string, Record<string, unknown>][] = [
      [AUDIT, { week_of: "2026-11-23", hours: { meetings: { spent: 14, wanted: 8 }, "focused-work": { spent: 10, wanted: 16.5 } } }],
      [
        ENERGY,
        {
          items: [
            { id: "mondays", label: "Back-to-back Monday meetings", direction: "drains", effect: "large" },
            { id: "pairing", label: "Pairing on a hard problem", direction: "restores", effect: "large" },
          ],
          shrink: { item: "mondays", strategy: "reshape", plan: "Agenda sent the Friday before." },
          grow: { item: "pairing", plan: "Two sessions a week." },
        },
      ],
      [SCRIPT, { values: { role: "Customer success manager", target: "€4,200", achievement_3: "" } }],
    ];
    for (const [url, data] of valid) {
      const res = await b.post(url, { data });
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
      expect((await b.get(url)).json().data).toHaveLength(1);
    }
  });

  it("does not find unknown tools", async () => {
    const b = await someone("unknown-tool");
    expect((await b.get("/api/customer/tools/no-such-tool/entries")).statusCode).toBe(404);
    const res = await b.post("/api/customer/tools/no-such-tool/entries", { data: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    expect(await rowsOf(b.id)).toEqual([]);
  });
});

describe("data that does not fit the tool", () => {
  const cases: { name: string; url: string; data: Record<string, unknown>; path: string; message?: RegExp }[] = [
    {
      name: "a card the deck does not have",
      url: SORT,
      data: { placements: { "no-such-card": "very-important" }, top: [] },
      path: "body.data.placements.no-such-card",
    },
    {
      name: "a top card that is not on the first pile",
      url: SORT,
      data: { placements: { income: "not-important" }, top: ["income"] },
      path: "body.data.top.0",
    },
    { name: "a week that does not start on a Monday", url: AUDIT, data: { week_of: "2026-11-24", hours: {} }, path: "body.data.week_of", message: /Monday/ },
    {
      name: "more hours than a week has in one row",
      url: AUDIT,
      data: { week_of: "2026-11-23", hours: { meetings: { spent: 169, wanted: 0 } } },
      path: "body.data.hours.meetings.spent",
    },
    {
      name: "rows that add up to more than 168 hours",
      url: AUDIT,
      data: { week_of: "2026-11-23", hours: { meetings: { spent: 100, wanted: 0 }, admin: { spent: 100, wanted: 0 } } },
      path: "body.data.hours",
      message: /168/,
    },
    {
      name: "a category the audit does not have",
      url: AUDIT,
      data: { week_of: "2026-11-23", hours: { gaming: { spent: 1, wanted: 0 } } },
      path: "body.data.hours.gaming",
    },
    {
      name: "a drain to shrink that is not a drain",
      url: ENERGY,
      data: { items: [{ id: "walks", label: "Lunch walks", direction: "restores", effect: "small" }], shrink: { item: "walks", strategy: "reduce", plan: "" } },
      path: "body.data.shrink.item",
      message: /drains/,
    },
    { name: "a field the script does not have", url: SCRIPT, data: { values: { shoe_size: "42" } }, path: "body.data.values.shoe_size" },
    { name: "an amount that is not an amount", url: SCRIPT, data: { values: { target: "as much as possible" } }, path: "body.data.values.target" },
    { name: "a key the kind does not know", url: SORT, data: { ...sortData(), colour: "blue" }, path: "body.data" },
  ];

  it.each(cases)("$name: 400 naming $path, nothing saved", async ({ url, data, path, message }) => {
    const b = await someone("invalid");
    const res = await b.post(url, { data });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string; issues: { path: string; message: string }[] } }>();
    expect(error.code).toBe("invalid_request");
    expect(error.issues.map((i) => i.path)).toContain(path);
    expect(error.message).toContain(path);
    if (message) expect(error.issues.find((i) => i.path === path)!.message).toMatch(message);
    expect(await rowsOf(b.id)).toEqual([]);
  });

  it("refuses an invalid update and keeps the entry as it was", async () => {
    const b = await someone("invalid-update");
    const saved = (await b.post(AUDIT, { data: { week_of: "2026-11-23", hours: { admin: { spent: 3, wanted: 2 } } } })).json<{ data: Entry }>().data;
    const res = await b.post(`${AUDIT}/${saved.id}`, { data: { week_of: "2026-11-25", hours: {} } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0].path).toBe("body.data.week_of");
    expect((await b.get(AUDIT)).json().data).toEqual([saved]);
  });
});

describe("whose entries", () => {
  it("another customer's entry cannot be changed or deleted and never shows in their list", async () => {
    const owner = await someone("owner");
    const other = await someone("other");
    const entry = (await owner.post(SORT, { data: sortData() })).json<{ data: Entry }>().data;

    expect((await other.post(`${SORT}/${entry.id}`, { data: sortData(["learning"]) })).statusCode).toBe(404);
    expect((await other.post(`${SORT}/${entry.id}/delete`)).statusCode).toBe(404);
    expect((await other.get(SORT)).json().data).toEqual([]);
    expect((await owner.get(SORT)).json().data).toEqual([entry]);
  });

  it("logged out: 401 for every call, nothing saved", async () => {
    const anon = client(t.app, "198.51.100.250");
    const id = "00000000-0000-4000-8000-000000000000";
    const before = await t.db.select().from(toolEntries);
    expect((await anon.get(SORT)).statusCode).toBe(401);
    expect((await anon.post(SORT, { data: sortData() })).statusCode).toBe(401);
    expect((await anon.post(`${SORT}/${id}`, { data: sortData() })).statusCode).toBe(401);
    expect((await anon.post(`${SORT}/${id}/delete`)).statusCode).toBe(401);
    expect(await t.db.select().from(toolEntries)).toHaveLength(before.length);
  });
});

describe("a locked account", () => {
  it("an account that never paid: saving answers 403 with what unlocks it, and the list still opens", async () => {
    const b = await someone("never-paid", { paid: false });
    const res = await b.post(SORT, { data: sortData() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: "subscription_required", message: expect.any(String), unlock: { reason: "no_plan", href: "/pricing" } },
    });
    expect(await rowsOf(b.id)).toEqual([]);
    const list = await b.get(SORT);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [] });
  });

  it("a plan that ended: the entries saved while it ran are still listed, but cannot be changed or deleted", async () => {
    const b = await someone("ended");
    const entry = (await b.post(SORT, { data: sortData() })).json<{ data: Entry }>().data;
    await t.db
      .update(subscriptions)
      .set({ status: "ended", currentPeriodEnd: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(subscriptions.customerId, b.id));

    expect((await b.get(SORT)).json().data).toEqual([entry]);
    for (const res of [await b.post(`${SORT}/${entry.id}`, { data: sortData(["learning"]) }), await b.post(`${SORT}/${entry.id}/delete`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.unlock.reason).toBe("plan_ended");
    }
    expect(await rowsOf(b.id)).toHaveLength(1);
  });
});

describe("how many entries a tool keeps", () => {
  it(`the entry after the ${MAX_TOOL_ENTRIES}th answers 409 too_many_entries; deleting one makes room`, async () => {
    const b = await someone("full");
    const data = { week_of: "2026-11-23", hours: {}, note: "" };
    await t.db.insert(toolEntries).values(Array.from({ length: MAX_TOOL_ENTRIES - 1 }, () => ({ customerId: b.id, toolName: "weekly-time-audit", data })));
    const last = await b.post(AUDIT, { data });
    expect(last.statusCode).toBe(201);

    const over = await b.post(AUDIT, { data });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: "too_many_entries", message: expect.stringContaining(String(MAX_TOOL_ENTRIES)) });
    const count = async () =>
      (
        await t.db
          .select()
          .from(toolEntries)
          .where(and(eq(toolEntries.customerId, b.id), eq(toolEntries.toolName, "weekly-time-audit")))
      ).length;
    expect(await count()).toBe(MAX_TOOL_ENTRIES);

    // The limit is per tool: another tool still saves.
    expect((await b.post(SORT, { data: sortData() })).statusCode).toBe(201);

    expect((await b.post(`${AUDIT}/${last.json().data.id}/delete`)).statusCode).toBe(200);
    expect((await b.post(AUDIT, { data })).statusCode).toBe(201);
    expect(await count()).toBe(MAX_TOOL_ENTRIES);
  });
});

describe("a tool by its URL name", () => {
  it("answers like /tools/{id}: the tool with its kind and config for a customer with a plan", async () => {
    const b = await someone("by-name");
    const res = await b.get("/api/tools/by-name/values-card-sort");
    expect(res.statusCode).toBe(200);
    const byId = await b.get(`/api/tools/${res.json().data.id}`);
    expect(res.json()).toEqual(byId.json());
    expect(res.json().data).toMatchObject({ name: "values-card-sort", kind: "card-sort", config: { top: 5 } });
  });

  it("404 for an unknown name, 400 for a name that cannot be one, 401 logged out, 403 locked", async () => {
    const b = await someone("by-name-errors");
    expect((await b.get("/api/tools/by-name/no-such-tool")).statusCode).toBe(404);
    const bad = await b.get("/api/tools/by-name/Not%20A%20Name");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe("params.name");
    expect((await client(t.app, "198.51.100.251").get("/api/tools/by-name/energy-map")).statusCode).toBe(401);
    const locked = await someone("by-name-locked", { paid: false });
    const res = await locked.get("/api/tools/by-name/energy-map");
    expect(res.statusCode).toBe(403);
    expect(res.json().error.unlock.reason).toBe("no_plan");
  });
});
