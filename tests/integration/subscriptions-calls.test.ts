import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orders, subscriptionActions, subscriptions } from "#server/db/schema.ts";
import { runRenewals } from "#server/payments/renewals/renewals.ts";
import { pauseEnd } from "#schemas/content/billing-dates.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { DAY_SECONDS, insertSubscription, signedInCustomer, spyProvider, TEST_PLAN } from "../helpers/subscriptions.ts";

let t: TestApp;
let spies: ReturnType<typeof spyProvider>;
let seq = 0;

/** A new customer with one active subscription, logged in. */
async function subscriber(overrides: Parameters<typeof insertSubscription>[3] = {}) {
  const who = await signedInCustomer(t.app, `sub${++seq}@example.com`);
  const sub = await insertSubscription(t.db, who.id, t.clock.now(), overrides);
  return Object.assign(who, { sub });
}

const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to));
const actionsOf = (subId: string) => t.db.select().from(subscriptionActions).where(eq(subscriptionActions.subscriptionId, subId));
const rowOf = async (subId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ env: { RENEWALS_INTERVAL_SECONDS: "0" } });
  spies = spyProvider(t.app);
});
beforeEach(() => vi.clearAllMocks());
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("reading subscriptions", () => {
  it("lists the customer's subscriptions with plan, next charge, access end and offers", async () => {
    const c = await subscriber();
    const res = await c.get("/api/customer/subscriptions");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: c.sub.id,
          product_id: TEST_PLAN.id,
          product_name: TEST_PLAN.name,
          status: "active",
          currency: "USD",
          next_charge_amount: TEST_PLAN.renewal,
          next_charge_at: c.sub.nextChargeAt!.toISOString(),
          access_until: c.sub.currentPeriodEnd.toISOString(),
          paused_until: null,
          discount_percent: null,
          cancelled_at: null,
          period: "month",
          offers: { pause: true, discount_percent: 30 },
        },
      ],
    });
    expect((await (await signedInCustomer(t.app, "nobody-subscribed@example.com")).get("/api/customer/subscriptions")).json()).toEqual({ data: [] });
  });

  it("check-subscription answers one subscription and ignores the ts cache-buster", async () => {
    const c = await subscriber();
    const list = (await c.get("/api/customer/subscriptions")).json().data;
    const res = await c.get(`/api/customer/check-subscription?sub_id=${c.sub.id}&ts=${Date.now()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: list[0] });
    expect((await c.get(`/api/customer/check-subscription?sub_id=${c.sub.id}`)).statusCode).toBe(200);
    expect((await c.get("/api/customer/check-subscription?sub_id=not-a-uuid")).statusCode).toBe(400);
    expect((await c.get(`/api/customer/check-subscription?sub_id=${c.sub.id}&ts=abc`)).statusCode).toBe(400);
  });

  it("paid-content lists the unlocked report and the subscription, with access", async () => {
    const c = await subscriber();
    const res = await c.get("/api/customer/paid-content");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.has_access).toBe(true);
    expect(data.reports).toEqual([{ report_code: expect.stringMatching(/^career_/), granted_at: expect.any(String), order_id: c.sub.orderId }]);
    expect(data.subscriptions.map((s: { id: string }) => s.id)).toEqual([c.sub.id]);
    const none = await signedInCustomer(t.app, "no-purchases@example.com");
    expect((await none.get("/api/customer/paid-content")).json()).toEqual({ data: { reports: [], subscriptions: [], has_access: false } });
  });
});

describe("pause", () => {
  it("moves the next charge by the months, keeps access to the period end, records one action and e-mails", async () => {
    const c = await subscriber();
    const res = await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 2 });
    expect(res.statusCode).toBe(200);
    const view = res.json().data;
    const resumes = pauseEnd(c.sub.nextChargeAt!, 2);
    expect(view).toMatchObject({
      status: "paused",
      paused_until: resumes.toISOString(),
      next_charge_at: resumes.toISOString(),
      next_charge_amount: TEST_PLAN.renewal,
      access_until: c.sub.currentPeriodEnd.toISOString(),
      offers: { pause: false, discount_percent: 30 },
    });
    expect(spies.pause).toHaveBeenCalledTimes(1);
    const actions = await actionsOf(c.sub.id);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: "pause", params: { months: 2 }, providerRef: expect.stringMatching(/^sbx_max_pay_pause_/) });

    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toBe(`Your ${TEST_PLAN.name} plan is paused`);
    expect(mail!.text).toContain("paused for 2 months");
    expect(mail!.text).toContain("US$29.99");
    expect(mail!.text).toContain("/account/profile/my-plans");
    expect(mail!.html).toContain("You will not be charged while it is paused.");
    // What the pause page says: reports stay, the rest locks when the paid period ends during the pause.
    expect(mail!.text).toMatch(
      /Your reports stay yours\. Education plans, articles, tools and coaching stay open until \d+ \w+ \d{4}, the end of the period you have paid for; after that they are locked until the plan resumes/,
    );
    expect(mail!.text).not.toContain("everything you paid for");
    expect((await c.get("/api/customer/paid-content")).json().data.has_access).toBe(true);
  });

  it("a next charge on 30 December paused for 2 months resumes on 28 February, the month's last day, in the view, the row and the e-mail", async () => {
    t.clock.set(new Date("2026-12-01T10:00:00.000Z"));
    try {
      const c = await subscriber();
      expect(c.sub.nextChargeAt!.toISOString()).toBe("2026-12-30T10:00:00.000Z");
      const res = await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ paused_until: "2027-02-28T10:00:00.000Z", next_charge_at: "2027-02-28T10:00:00.000Z" });
      expect(await rowOf(c.sub.id)).toMatchObject({ pausedUntil: new Date("2027-02-28T10:00:00.000Z"), nextChargeAt: new Date("2027-02-28T10:00:00.000Z") });
      const [mail] = await mailsTo(c.email);
      expect(mail!.text).toContain("resumes on 28 February 2027");
    } finally {
      t.clock.reset();
    }
  });

  it("allows one pause at a time (409), and 1–3 months only (400)", async () => {
    const c = await subscriber();
    for (const months of [0, 4, -1, 1.5, "2"]) {
      const res = await c.post("/api/subscription/pause", { sub_id: c.sub.id, months });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues[0].path).toBe("body.months");
    }
    expect((await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 })).statusCode).toBe(200);
    const again = await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("already_paused");
    expect(spies.pause).toHaveBeenCalledTimes(1);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it("a double click pauses once: one provider call, one action, one e-mail", async () => {
    const c = await subscriber();
    // Without a key, clicks that saw the same state share one; a click that comes after the pause committed meets the rule.
    const [a, b] = await Promise.all([
      c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 }),
      c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 }),
    ]);
    expect([a, b].filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) if (r.statusCode !== 200) expect(r.json().error.code).toBe("already_paused");
    expect(spies.pause).toHaveBeenCalledTimes(1);
    expect(await actionsOf(c.sub.id)).toHaveLength(1);
    expect(await mailsTo(c.email)).toHaveLength(1);

    // With the page's Idempotency-Key, both clicks get the same answer.
    const d = await subscriber();
    const headers = { "idempotency-key": "pause-click-42" };
    const [x, y] = await Promise.all([
      d.post("/api/subscription/pause", { sub_id: d.sub.id, months: 1 }, headers),
      d.post("/api/subscription/pause", { sub_id: d.sub.id, months: 1 }, headers),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json()).toEqual(y.json());
    expect(spies.pause).toHaveBeenCalledTimes(2);
    expect(await actionsOf(d.sub.id)).toHaveLength(1);
    expect(await mailsTo(d.email)).toHaveLength(1);
  });

  it("a provider that does not answer changes nothing (502), and the retry works", async () => {
    const c = await subscriber();
    spies.pause.mockRejectedValueOnce(new Error("timeout"));
    const res = await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe("provider_unavailable");
    expect((await rowOf(c.sub.id)).status).toBe("active");
    expect(await actionsOf(c.sub.id)).toHaveLength(0);
    expect((await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 })).statusCode).toBe(200);
  });
});

describe("discount", () => {
  it("applies an allowed percent to future renewals, once; a second is 409", async () => {
    const c = await subscriber();
    const res = await c.post("/api/subscription/discount/apply", { sub_id: c.sub.id, percent: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "active",
      discount_percent: 50,
      next_charge_amount: 1500,
      offers: { pause: true, discount_percent: null },
    });
    expect(spies.applyDiscount).toHaveBeenCalledTimes(1);
    const again = await c.post("/api/subscription/discount/apply", { sub_id: c.sub.id, percent: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("discount_used");
    expect(spies.applyDiscount).toHaveBeenCalledTimes(1);
    expect((await rowOf(c.sub.id)).discountPercent).toBe(50);

    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`50% off your ${TEST_PLAN.name} plan`);
    expect(mails[0]!.text).toContain("US$15.00 instead of US$29.99");
  });

  it("refuses a percent that is not configured (400) and bad bodies (400)", async () => {
    const c = await subscriber();
    const res = await c.post("/api/subscription/discount/apply", { sub_id: c.sub.id, percent: 40 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "percent_not_allowed", message: expect.stringContaining("30% or 50%") });
    for (const body of [
      { sub_id: c.sub.id, percent: 0 },
      { sub_id: c.sub.id, percent: 100 },
      { sub_id: c.sub.id },
      { sub_id: c.sub.id, percent: 30, extra: 1 },
    ]) {
      expect((await c.post("/api/subscription/discount/apply", body)).statusCode).toBe(400);
    }
    expect(spies.applyDiscount).not.toHaveBeenCalled();
    expect((await rowOf(c.sub.id)).discountPercent).toBeNull();
  });

  it("takes the allowed percents from RETENTION_DISCOUNT_PERCENTS", async () => {
    const other = await createTestApp({ database: t.database, env: { RETENTION_DISCOUNT_PERCENTS: "20", RENEWALS_INTERVAL_SECONDS: "0" } });
    try {
      const c = await signedInCustomer(other.app, "percent-config@example.com");
      const sub = await insertSubscription(t.db, c.id, other.clock.now());
      expect((await c.get("/api/customer/subscriptions")).json().data[0].offers.discount_percent).toBe(20);
      expect((await c.post("/api/subscription/discount/apply", { sub_id: sub.id, percent: 30 })).statusCode).toBe(400);
      expect((await c.post("/api/subscription/discount/apply", { sub_id: sub.id, percent: 20 })).json().data.next_charge_amount).toBe(2399);
    } finally {
      await other.close();
    }
  });
});

describe("cancel", () => {
  it("stops charges, stores the reason, keeps access to the period end, confirms by e-mail; cancelling again changes nothing", async () => {
    const c = await subscriber();
    const res = await c.post("/api/subscription/cancel", { sub_id: c.sub.id, reason: "  too_expensive  " });
    expect(res.statusCode).toBe(200);
    const view = res.json().data;
    expect(view).toMatchObject({
      status: "cancelled",
      next_charge_at: null,
      next_charge_amount: null,
      access_until: c.sub.currentPeriodEnd.toISOString(),
      cancelled_at: t.clock.now().toISOString(),
      offers: { pause: false, discount_percent: null },
    });
    const row = await rowOf(c.sub.id);
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "too_expensive", nextChargeAt: null });
    expect(spies.cancel).toHaveBeenCalledTimes(1);

    const again = await c.post("/api/subscription/cancel", { sub_id: c.sub.id, reason: "other" });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(view);
    expect((await rowOf(c.sub.id)).cancelReason).toBe("too_expensive");
    expect(spies.cancel).toHaveBeenCalledTimes(1);
    expect(await actionsOf(c.sub.id)).toHaveLength(1);

    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your ${TEST_PLAN.name} plan is cancelled`);
    expect(mails[0]!.text).toContain("You will not be charged again.");
    expect(mails[0]!.text).toMatch(/You keep access to everything you paid for until \d+ \w+ \d{4}/);
    expect((await c.get("/api/customer/paid-content")).json().data.has_access).toBe(true);
  });

  it("works without a reason, from a paused subscription too; pause and discount are then 409", async () => {
    const c = await subscriber();
    await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 3 });
    const res = await c.post("/api/subscription/cancel", { sub_id: c.sub.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "cancelled", paused_until: null, next_charge_at: null });
    expect((await rowOf(c.sub.id)).cancelReason).toBeNull();
    expect((await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 })).json().error.code).toBe("not_active");
    expect((await c.post("/api/subscription/discount/apply", { sub_id: c.sub.id, percent: 30 })).statusCode).toBe(409);
    expect((await c.post("/api/subscription/cancel", { sub_id: c.sub.id, reason: "x".repeat(501) })).statusCode).toBe(400);
  });
});

describe("restart", () => {
  const cancelledSubscriber = async () => {
    const c = await subscriber();
    expect((await c.post("/api/subscription/cancel", { sub_id: c.sub.id, reason: "too_expensive" })).statusCode).toBe(200);
    vi.clearAllMocks();
    return c;
  };
  const renewalOrdersOf = (subId: string) =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subId), eq(orders.kind, "renewal")));

  it("a cancelled plan with paid time left runs again: nothing charged now, the renewal at the period end, one provider call, an e-mail", async () => {
    const c = await cancelledSubscriber();
    const res = await c.post("/api/subscription/restart", { sub_id: c.sub.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "active",
      cancelled_at: null,
      next_charge_at: c.sub.currentPeriodEnd.toISOString(),
      next_charge_amount: TEST_PLAN.renewal,
      access_until: c.sub.currentPeriodEnd.toISOString(),
    });
    expect(await rowOf(c.sub.id)).toMatchObject({ status: "active", cancelReason: null, nextChargeAt: c.sub.currentPeriodEnd });
    expect(spies.restart).toHaveBeenCalledTimes(1);
    expect(spies.charge).not.toHaveBeenCalled();
    expect((await actionsOf(c.sub.id)).map((a) => a.kind).sort()).toEqual(["cancel", "restart"]);

    const mail = (await mailsTo(c.email)).find((m) => m.subject === `Your ${TEST_PLAN.name} plan is restarted`);
    expect(mail?.text).toContain("Nothing is charged today");
    expect(mail?.text.replace(/\s+/g, " ")).toContain(`renews at US$${(TEST_PLAN.renewal / 100).toFixed(2)}, then every month until you cancel`);

    // The money: the renewal job charges the restarted plan when its paid time ends, once.
    const due = new Date(c.sub.currentPeriodEnd.getTime() + 60_000);
    t.clock.set(due);
    try {
      await runRenewals(t.app, due);
      const renewals = await renewalOrdersOf(c.sub.id);
      expect(renewals.map((o) => [o.status, o.amount])).toEqual([["paid", TEST_PLAN.renewal]]);
    } finally {
      t.clock.reset();
    }
  });

  it("a cancelled plan that is not restarted is never charged by the renewal job", async () => {
    const c = await cancelledSubscriber();
    const due = new Date(c.sub.currentPeriodEnd.getTime() + 60_000);
    t.clock.set(due);
    try {
      await runRenewals(t.app, due);
      expect(await renewalOrdersOf(c.sub.id)).toEqual([]);
    } finally {
      t.clock.reset();
    }
  });

  it("a double click restarts once: one provider call, one action, one e-mail", async () => {
    const c = await cancelledSubscriber();
    const [a, b] = await Promise.all([c.post("/api/subscription/restart", { sub_id: c.sub.id }), c.post("/api/subscription/restart", { sub_id: c.sub.id })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(spies.restart).toHaveBeenCalledTimes(1);
    expect((await actionsOf(c.sub.id)).filter((x) => x.kind === "restart")).toHaveLength(1);
    expect((await mailsTo(c.email)).filter((m) => /restarted/.test(m.subject))).toHaveLength(1);
  });

  it("once the paid time is over it is 409 plan_ended and nothing changes; a running plan is left as it is", async () => {
    const c = await cancelledSubscriber();
    t.clock.set(new Date(c.sub.currentPeriodEnd.getTime() + 1000));
    try {
      const late = await (await signedInCustomer(t.app, c.email)).post("/api/subscription/restart", { sub_id: c.sub.id });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe("plan_ended");
    } finally {
      t.clock.reset();
    }
    expect((await rowOf(c.sub.id)).status).toBe("cancelled");
    expect(spies.restart).not.toHaveBeenCalled();

    const running = await subscriber();
    const same = await running.post("/api/subscription/restart", { sub_id: running.sub.id });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.status).toBe("active");
    expect(await actionsOf(running.sub.id)).toHaveLength(0);
  });

  it("a provider that does not answer changes nothing (502)", async () => {
    const c = await cancelledSubscriber();
    spies.restart.mockRejectedValueOnce(new Error("timeout"));
    const res = await c.post("/api/subscription/restart", { sub_id: c.sub.id });
    expect(res.statusCode).toBe(502);
    expect(await rowOf(c.sub.id)).toMatchObject({ status: "cancelled", nextChargeAt: null });
  });
});

describe("idempotency keys", () => {
  it("a repeated Idempotency-Key answers the current state and calls the provider once", async () => {
    const c = await subscriber();
    const headers = { "idempotency-key": "click-0001-abcdef" };
    const first = await c.post("/api/subscription/discount/apply", { sub_id: c.sub.id, percent: 30 }, headers);
    const replay = await c.post("/api/subscription/discount/apply", { sub_id: c.sub.id, percent: 30 }, headers);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.json()).toEqual(first.json());
    expect(spies.applyDiscount).toHaveBeenCalledTimes(1);
    expect(spies.applyDiscount.mock.calls[0]![2]).toBe(`${c.sub.id}:discount:client:click-0001-abcdef`);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it("a malformed Idempotency-Key is a 400", async () => {
    const c = await subscriber();
    const res = await c.post("/api/subscription/cancel", { sub_id: c.sub.id }, { "idempotency-key": "short" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_idempotency_key");
    expect((await rowOf(c.sub.id)).status).toBe("active");
  });
});

describe("scoping", () => {
  it("another customer's subscription is a 404 for every call, and nothing changes", async () => {
    const owner = await subscriber();
    const intruder = await signedInCustomer(t.app, "intruder@example.com", "203.0.113.66");
    const id = owner.sub.id;
    const calls = [
      intruder.get(`/api/customer/check-subscription?sub_id=${id}&ts=1`),
      intruder.post("/api/subscription/pause", { sub_id: id, months: 1 }),
      intruder.post("/api/subscription/discount/apply", { sub_id: id, percent: 30 }),
      intruder.post("/api/subscription/cancel", { sub_id: id, reason: "mine now" }),
      intruder.post("/api/subscription/restart", { sub_id: id }),
      intruder.get(`/api/customer/check-subscription?sub_id=00000000-0000-4000-8000-000000000000`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "not_found", message: "Subscription not found" } });
    }
    expect((await intruder.get("/api/customer/subscriptions")).json().data).toEqual([]);
    expect((await intruder.get("/api/customer/paid-content")).json().data).toEqual({ reports: [], subscriptions: [], has_access: false });
    expect(await rowOf(id)).toMatchObject({ status: "active", discountPercent: null, cancelledAt: null });
    expect(await actionsOf(id)).toHaveLength(0);
    expect(spies.pause).not.toHaveBeenCalled();
    expect(spies.cancel).not.toHaveBeenCalled();
  });

  it("every call needs a session (401)", async () => {
    const anonymous = client(t.app, "203.0.113.67");
    const id = "00000000-0000-4000-8000-000000000000";
    const calls = [
      anonymous.get("/api/customer/subscriptions"),
      anonymous.get(`/api/customer/check-subscription?sub_id=${id}`),
      anonymous.get("/api/customer/paid-content"),
      anonymous.post("/api/subscription/pause", { sub_id: id, months: 1 }),
      anonymous.post("/api/subscription/discount/apply", { sub_id: id, percent: 30 }),
      anonymous.post("/api/subscription/cancel", { sub_id: id }),
      anonymous.post("/api/subscription/restart", { sub_id: id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });
});

describe("access", () => {
  it("a paused subscription gives access until the end of the paid period, not during the pause", async () => {
    const c = await subscriber();
    await c.post("/api/subscription/pause", { sub_id: c.sub.id, months: 1 });
    t.clock.set(new Date(c.sub.currentPeriodEnd.getTime() + DAY_SECONDS * 1000));
    try {
      const again = await signedInCustomer(t.app, c.email);
      expect((await again.get("/api/customer/paid-content")).json().data.has_access).toBe(false);
    } finally {
      t.clock.reset();
    }
  });
});

describe("bad input never reaches a 500", () => {
  it.each([
    ["/api/subscription/pause", { months: 1 }, { months: "1" }, "body.months"],
    ["/api/subscription/discount/apply", { percent: 30 }, { percent: 30.5 }, "body.percent"],
    ["/api/subscription/cancel", { reason: "x" }, { reason: 5 }, "body.reason"],
    ["/api/subscription/restart", {}, { sub_id: 5 }, "body.sub_id"],
  ] as const)("POST %s answers 4xx and changes nothing", async (url, valid, wrong, path) => {
    const c = await subscriber();
    const body = { sub_id: c.sub.id, ...valid };
    const cases: [string, number, string][] = [
      [JSON.stringify(body).slice(0, -1), 400, "invalid_json"],
      ["", 400, "invalid_json"],
      ["sub_id=1", 400, "invalid_json"],
      [`{"__proto__":{"isAdmin":true}}`, 400, "invalid_json"],
      [JSON.stringify({ sub_id: c.sub.id, ...wrong }), 400, "invalid_request"],
      [JSON.stringify({ ...body, is_admin: true }), 400, "invalid_request"],
      [JSON.stringify({ ...body, sub_id: "../../etc" }), 400, "invalid_request"],
      [JSON.stringify([body]), 400, "invalid_request"],
      [JSON.stringify({ ...body, padding: "x".repeat(65 * 1024) }), 413, "body_too_large"],
    ];
    for (const [payload, status, code] of cases) {
      const res = await c.post(url, payload, { "content-type": "application/json" });
      expect(res.statusCode, payload.slice(0, 40)).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    const wrongType = await c.post(url, { sub_id: c.sub.id, ...wrong });
    expect(wrongType.json().error.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await rowOf(c.sub.id)).toMatchObject({ status: "active", discountPercent: null, cancelledAt: null });
    expect(await actionsOf(c.sub.id)).toHaveLength(0);
  });
});
