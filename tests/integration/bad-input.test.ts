import { count, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { insertSubscription } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { AD_SPEND_BODY_LIMIT } from "#server/routes/admin/ad-spend.ts";
import { PUBLISH_BODY_LIMIT } from "#server/routes/admin/flows-publish.ts";

let t: TestApp;
let browser: ReturnType<typeof client>;
const PASSWORD = "a long enough passphrase";
const EMAIL = "bad-input@example.org";

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Row count of every table in the schema, by table name. */
async function rowCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(
    tables.map(async (table) => {
      const [row] = await t.db.select({ n: count() }).from(table);
      return [getTableName(table), row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  t = await createTestApp();
  // Staff, so the growth console's calls get as far as reading their body too.
  await t.db.insert(schema.customers).values({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), role: "staff" });
  browser = client(t.app, "192.0.2.200");
  const login = await browser.post("/api/auth/login", { email: EMAIL, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  await insertSubscription(t.db, login.json<{ data: { id: string } }>().data.id, t.clock.now());
  // Something to lose: a plan taken, so a bad write could add or drop progress rows.
  expect((await browser.post("/api/customer/edu-plan/take", { plan_id: 1 })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

type Route = {
  url: string;
  /** The path as the OpenAPI document spells it, when the url fills in a parameter. */
  documented?: string;
  /** A body that would be accepted. */
  valid: Record<string, unknown>;
  /** The same body with one field of the wrong type, and the issue path that must name it. */
  wrongType: { body: unknown; path: string };
  /** A route that takes a larger body than the app's 64 KiB (the console's CSV import), in bytes. */
  bodyLimit?: number;
};

/** Any well-formed session id: bad bodies are refused before the session is looked up. */
const QUIZ_SESSION = "00000000-0000-4000-8000-000000000000";

const routes: Route[] = [
  { url: "/api/admin/staff", valid: { email: "new-staff@example.org" }, wrongType: { body: { email: 7 }, path: "body.email" } },
  {
    url: "/api/admin/ad-spend",
    valid: { csv: "date,source,campaign,currency,spend\n2026-11-01,facebook,burnout-nov,USD,10.00\n" },
    wrongType: { body: { csv: ["date,source"] }, path: "body.csv" },
    bodyLimit: AD_SPEND_BODY_LIMIT,
  },
  {
    url: "/api/admin/flows/publish",
    valid: { flows: [{ file: "flows/example.yaml", text: "code: example" }] },
    wrongType: { body: { flows: "flows/example.yaml" }, path: "body.flows" },
    bodyLimit: PUBLISH_BODY_LIMIT,
  },
  {
    url: "/api/admin/integrations/meta/test",
    documented: "/api/admin/integrations/{destination}/test",
    valid: {},
    wrongType: { body: [], path: "body" },
  },
  {
    url: "/api/admin/webhooks",
    valid: { url: "https://crm.example.org/hooks/pathwise", events: ["purchase"] },
    wrongType: { body: { url: "https://crm.example.org/hooks/pathwise", events: "purchase" }, path: "body.events" },
  },
  {
    url: `/api/admin/webhooks/${QUIZ_SESSION}/enabled`,
    documented: "/api/admin/webhooks/{id}/enabled",
    valid: { enabled: false },
    wrongType: { body: { enabled: "no" }, path: "body.enabled" },
  },
  { url: `/api/admin/webhooks/${QUIZ_SESSION}/delete`, documented: "/api/admin/webhooks/{id}/delete", valid: {}, wrongType: { body: [], path: "body" } },
  {
    url: `/api/admin/webhooks/${QUIZ_SESSION}/deliveries/${QUIZ_SESSION}/send-again`,
    documented: "/api/admin/webhooks/{id}/deliveries/{deliveryId}/send-again",
    valid: {},
    wrongType: { body: [], path: "body" },
  },
  { url: "/api/consent", valid: { analytics: true, marketing: false }, wrongType: { body: { analytics: "yes", marketing: false }, path: "body.analytics" } },
  {
    url: "/api/admin/reports/career_riasec/preview",
    documented: "/api/admin/reports/{code}/preview",
    valid: { positions: { social: 80 } },
    wrongType: { body: { positions: "high" }, path: "body.positions" },
  },
  { url: "/api/auth/login", valid: { email: EMAIL, password: PASSWORD }, wrongType: { body: { email: 123, password: PASSWORD }, path: "body.email" } },
  { url: "/api/auth/login-link", valid: { email: EMAIL }, wrongType: { body: { email: ["a@example.org"] }, path: "body.email" } },
  { url: "/api/auth/logout", valid: {}, wrongType: { body: [], path: "body" } },
  { url: "/api/auth/reset-password", valid: { email: EMAIL }, wrongType: { body: { email: { $ne: "" } }, path: "body.email" } },
  { url: "/api/auth/reset-password/confirm", valid: { token: "a".repeat(43) }, wrongType: { body: { token: 1234567890123456 }, path: "body.token" } },
  {
    url: "/api/auth/change-password",
    valid: { current_password: PASSWORD, new_password: "another long passphrase" },
    wrongType: { body: { current_password: PASSWORD, new_password: 123456789012345 }, path: "body.new_password" },
  },
  { url: "/api/customers/set-onboarded", valid: {}, wrongType: { body: "yes", path: "body" } },
  // Called logged in below: only the customer's own address is accepted then (ADR 011).
  { url: "/api/customer/prepare-cabinet", valid: { email: EMAIL }, wrongType: { body: { email: true }, path: "body.email" } },
  { url: "/api/customer/edu-plan/take", valid: { plan_id: 2 }, wrongType: { body: { plan_id: "2" }, path: "body.plan_id" } },
  { url: "/api/customer/edu-plan/task/complete", valid: { plan_id: 1, task_id: 101 }, wrongType: { body: { plan_id: 1, task_id: 1.5 }, path: "body.task_id" } },
  { url: "/api/customer/edu-plan/day/complete", valid: { plan_id: 1, day_id: 1 }, wrongType: { body: { plan_id: 1, day_id: null }, path: "body.day_id" } },
  { url: "/api/log", valid: { message: "hello", level: "info" }, wrongType: { body: { message: "hello", level: 3 }, path: "body.level" } },
  { url: "/api/feedback", valid: { form: "general", rating: 5 }, wrongType: { body: { form: "general", rating: "5" }, path: "body.rating" } },
  { url: "/api/customer/settings/marketing-consent", valid: { consent: true }, wrongType: { body: { consent: "true" }, path: "body.consent" } },
  {
    url: "/api/customer/email-change",
    valid: { new_email: "bad-input-moved@example.org", current_password: PASSWORD },
    wrongType: { body: { new_email: 42 }, path: "body.new_email" },
  },
  { url: "/api/customer/email-change/approve", valid: { token: "t".repeat(43) }, wrongType: { body: { token: 43 }, path: "body.token" } },
  { url: "/api/customer/email-change/confirm", valid: { token: "t".repeat(43) }, wrongType: { body: { token: ["t".repeat(43)] }, path: "body.token" } },
  {
    url: "/api/customer/coaching/book",
    valid: { session_code: "career-direction", starts_at: "2026-12-01T09:00:00.000Z" },
    wrongType: { body: { session_code: "career-direction", starts_at: 1764579600000 }, path: "body.starts_at" },
  },
  {
    url: "/api/customer/coaching/bookings/00000000-0000-4000-8000-000000000001/move",
    documented: "/api/customer/coaching/bookings/{id}/move",
    valid: { starts_at: "2026-12-01T09:00:00.000Z" },
    wrongType: { body: { starts_at: true }, path: "body.starts_at" },
  },
  {
    url: "/api/customer/coaching/bookings/00000000-0000-4000-8000-000000000001/cancel",
    documented: "/api/customer/coaching/bookings/{id}/cancel",
    valid: {},
    wrongType: { body: [], path: "body" },
  },
  { url: "/api/customer/delete-account/link", valid: {}, wrongType: { body: [], path: "body" } },
  {
    url: "/api/customer/delete-account",
    valid: { current_password: PASSWORD },
    wrongType: { body: { current_password: { $ne: "" } }, path: "body.current_password" },
  },
  {
    url: "/api/quiz/sessions",
    valid: { flow_code: "career_test_green", flow_hash: "x" },
    wrongType: { body: { flow_code: 5, flow_hash: "x" }, path: "body.flow_code" },
  },
  { url: "/api/quiz/sessions/resume", valid: { token: "a".repeat(43) }, wrongType: { body: { token: ["a".repeat(43)] }, path: "body.token" } },
  {
    url: `/api/quiz/sessions/${QUIZ_SESSION}/answers`,
    documented: "/api/quiz/sessions/{id}/answers",
    valid: { step_id: "intro", value: null, flow_hash: "x" },
    wrongType: { body: { step_id: 7, value: null, flow_hash: "x" }, path: "body.step_id" },
  },
  {
    url: `/api/quiz/sessions/${QUIZ_SESSION}/events`,
    documented: "/api/quiz/sessions/{id}/events",
    valid: { type: "view", step_id: "intro" },
    wrongType: { body: { type: "view", step_id: { id: "intro" } }, path: "body.step_id" },
  },
  { url: `/api/quiz/sessions/${QUIZ_SESSION}/complete`, documented: "/api/quiz/sessions/{id}/complete", valid: {}, wrongType: { body: "yes", path: "body" } },
  {
    url: `/api/quiz/sessions/${QUIZ_SESSION}/include-report`,
    documented: "/api/quiz/sessions/{id}/include-report",
    valid: {},
    wrongType: { body: [], path: "body" },
  },
  { url: "/api/customer/time-zone", valid: { time_zone: "Europe/Berlin" }, wrongType: { body: { time_zone: 1 }, path: "body.time_zone" } },
  { url: "/api/checkout/start", valid: { product_id: "trial_7d", session_id: QUIZ_SESSION }, wrongType: { body: { product_id: 7 }, path: "body.product_id" } },
  { url: "/api/customer/start-lreport-generation", valid: { session_id: QUIZ_SESSION }, wrongType: { body: { session_id: 12 }, path: "body.session_id" } },
  {
    url: "/api/subscription/pause",
    valid: { sub_id: QUIZ_SESSION, months: 1 },
    wrongType: { body: { sub_id: QUIZ_SESSION, months: "2" }, path: "body.months" },
  },
  {
    url: "/api/subscription/discount/apply",
    valid: { sub_id: QUIZ_SESSION, percent: 30 },
    wrongType: { body: { sub_id: QUIZ_SESSION, percent: [30] }, path: "body.percent" },
  },
  {
    url: "/api/subscription/cancel",
    valid: { sub_id: QUIZ_SESSION, reason: "too_expensive" },
    wrongType: { body: { sub_id: 5, reason: null }, path: "body.sub_id" },
  },
  {
    url: "/api/customer/tools/values-card-sort/entries",
    documented: "/api/customer/tools/{name}/entries",
    valid: { data: { placements: { autonomy: "very-important" }, top: ["autonomy"] } },
    wrongType: { body: { data: ["autonomy"] }, path: "body.data" },
  },
  {
    url: `/api/customer/tools/values-card-sort/entries/${QUIZ_SESSION}`,
    documented: "/api/customer/tools/{name}/entries/{entry_id}",
    valid: { data: { placements: {}, top: [] } },
    wrongType: { body: { data: "autonomy" }, path: "body.data" },
  },
  {
    url: `/api/customer/tools/values-card-sort/entries/${QUIZ_SESSION}/delete`,
    documented: "/api/customer/tools/{name}/entries/{entry_id}/delete",
    valid: {},
    wrongType: { body: [], path: "body" },
  },
  {
    url: "/api/subscription/restart",
    valid: { sub_id: QUIZ_SESSION },
    wrongType: { body: { sub_id: [QUIZ_SESSION] }, path: "body.sub_id" },
  },
];

type Case = { name: string; payload: string; status: number; code: string; path?: string };

function casesFor(route: Route): Case[] {
  const json = (v: unknown) => JSON.stringify(v);
  return [
    { name: "truncated JSON", payload: json(route.valid).slice(0, -1), status: 400, code: "invalid_json" },
    { name: "a trailing comma", payload: json(route.valid).replace(/}$/, ",}"), status: 400, code: "invalid_json" },
    { name: "not JSON at all", payload: "email=someone@example.org", status: 400, code: "invalid_json" },
    { name: "an empty JSON body", payload: "", status: 400, code: "invalid_json" },
    { name: "a __proto__ key", payload: `{"__proto__":{"isAdmin":true}}`, status: 400, code: "invalid_json" },
    { name: "a wrong type", payload: json(route.wrongType.body), status: 400, code: "invalid_request", path: route.wrongType.path },
    { name: "an unknown field", payload: json({ ...route.valid, is_admin: true }), status: 400, code: "invalid_request", path: "body.is_admin" },
    {
      name: "a body over its limit",
      payload: json({ ...route.valid, padding: "x".repeat((route.bodyLimit ?? 64 * 1024) + 1024) }),
      status: 413,
      code: "body_too_large",
    },
  ];
}

describe("every POST route in src/server/routes is in the table", () => {
  it("matches the POST operations the API documents", async () => {
    const res = await client(t.app).get("/api/openapi.json");
    const documented = Object.entries(res.json().paths as Record<string, Record<string, unknown>>)
      .filter(([, methods]) => "post" in methods)
      .map(([path]) => path)
      .sort();
    expect(documented).toEqual(routes.map((r) => r.documented ?? r.url).sort());
  });

  it("counts rows in every table of the schema", async () => {
    expect(Object.keys(await rowCounts()).sort()).toEqual([
      ...[
        "ad_spend",
        "articles",
        "auth_tokens",
        "catalog_entries",
        "checkout_captures",
        "checkout_refusals",
        "coach_bookings",
        "conversion_outbox",
        "customer_edu_plan_progress",
        "customer_edu_plans",
        "customers",
        "edu_plans",
        "entitlements",
        "feedback",
        "flow_versions",
        "follow_up_opt_outs",
        "funnel_move_days",
        "funnel_run_days",
        "funnel_step_days",
        "funnel_step_seconds",
        "lead_follow_ups",
        "mail_outbox",
        "orders",
      ],
      ...[
        "payment_events",
        "payment_provider_refs",
        "products",
        "professions",
        "quiz_answers",
        "quiz_events",
        "quiz_session_moves",
        "quiz_session_steps",
        "quiz_session_visitors",
        "quiz_sessions",
        "rate_limits",
        "report_requests",
      ],
      ...["sessions", "subscription_actions", "subscriptions", "tool_entries", "tools", "webhook_endpoints"],
    ]);
  });
});

describe.each(routes)("POST $url with a bad body", (route) => {
  it.each(casesFor(route))("answers $name with $status $code and changes no table", async ({ payload, status, code, path }) => {
    const before = await rowCounts();
    const res: LightMyRequestResponse = await browser.post(route.url, payload, { "content-type": "application/json" });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).toBe(status);
    const error = res.json().error;
    expect(error.code).toBe(code);
    expect(typeof error.message).toBe("string");
    expect(error.message.length).toBeGreaterThan(0);
    if (path) {
      expect(error.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(error.message).toContain(path);
    }
    expect(res.cookies).toHaveLength(0);
    expect(await rowCounts()).toEqual(before);
  });
});

describe("the valid bodies in the table are accepted (so the bad ones fail for the reason tested)", () => {
  it("accepts each valid body for a route that needs no fresh state", async () => {
    const me = client(t.app, "192.0.2.201");
    expect((await me.post("/api/auth/login", { email: EMAIL, password: PASSWORD })).statusCode).toBe(200);
    for (const url of [
      "/api/customers/set-onboarded",
      "/api/customer/edu-plan/take",
      "/api/customer/edu-plan/task/complete",
      "/api/customer/edu-plan/day/complete",
      "/api/log",
      "/api/feedback",
      "/api/customer/prepare-cabinet",
      "/api/customer/tools/values-card-sort/entries",
    ]) {
      const route = routes.find((r) => r.url === url)!;
      expect((await me.post(url, route.valid)).statusCode, url).toBeLessThan(300);
    }
    expect((await me.post("/api/auth/logout", {})).statusCode).toBe(200);
  });
});

describe("bad ids in the URL", () => {
  const idRoutes = ["/api/edu-plan", "/api/article", "/api/tools", "/api/customer/edu-plan"];
  const badIds = ["abc", "-1", "99999999999", "1.5", "0", "Infinity", "1;drop table customers"];

  for (const base of idRoutes) {
    it.each(badIds)(`GET ${base}/%s answers 400 naming params.id`, async (id) => {
      const res = await browser.get(`${base}/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain("params.id");
    });

    it(`GET ${base}/<unknown id> answers 404 with the error envelope`, async () => {
      const res = await browser.get(`${base}/999999`);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      const body = res.json();
      expect(Object.keys(body)).toEqual(["error"]);
      expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
      expect(body.error.code).toBe("not_found");
      expect(body.error.message).toMatch(/not found/);
    });
  }

  it("answers the examples of the brief exactly: 400", async () => {
    for (const url of ["/api/edu-plan/abc", "/api/edu-plan/-1", "/api/edu-plan/99999999999", "/api/article/1.5", "/api/tools/0"]) {
      expect((await client(t.app).get(url)).statusCode, url).toBe(400);
    }
  });

  it("finds a known id (so the 404 above is about the id)", async () => {
    expect((await client(t.app).get("/api/edu-plan/1")).statusCode).toBe(200);
    expect((await browser.get("/api/tools/1")).statusCode).toBe(200);
  });
});

describe("unknown API paths", () => {
  it.each([
    ["GET", "/api/nothing-here"],
    ["GET", "/api/auth/customer/extra"],
    ["POST", "/api/nothing-here"],
    ["DELETE", "/api/auth/customer"],
  ])("%s %s answers 404 JSON", async (method, url) => {
    const res = await t.app.inject({
      method: method as "GET",
      url,
      remoteAddress: "192.0.2.202",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      payload: method === "GET" ? undefined : "{}",
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: "not_found", message: `No route for ${method} ${url}` } });
  });
});
