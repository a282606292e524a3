import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orders, subscriptionActions, subscriptions } from "#server/db/schema.ts";
import { CLAIM_SECONDS, MAX_FAILED_ATTEMPTS, runRenewals } from "#server/payments/renewals/renewals.ts";
import { addMonths } from "#schemas/content/billing-dates.ts";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { DAY_SECONDS, insertSubscription, signedInCustomer, spyProvider, TEST_PLAN } from "../helpers/subscriptions.ts";

let t: TestApp;
let spies: ReturnType<typeof spyProvider>;
let seq = 0;
const HOUR = 3_600_000;
const DAY = DAY_SECONDS * 1000;
const START = new Date("2031-03-10T12:00:00.000Z");

/** A customer whose monthly subscription fell due an hour before `now`. */
async function dueSubscriber(now: Date, overrides: Parameters<typeof insertSubscription>[3] = {}) {
  t.clock.set(now);
  const who = await signedInCustomer(t.app, `renew${++seq}@example.com`);
  const end = new Date(now.getTime() - HOUR);
  const sub = await insertSubscription(t.db, who.id, now, {
    currentPeriodStart: addMonths(end, -1),
    currentPeriodEnd: end,
    nextChargeAt: end,
    ...overrides,
  });
  return Object.assign(who, { sub });
}

const rowOf = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const renewalOrders = (id: string) =>
  t.db
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, id), eq(orders.kind, "renewal")))
    .orderBy(orders.createdAt);
const chargesOf = (id: string) => spies.provider.charges.filter((c) => c.subscriptionId === id);
const chargeCallsOf = (id: string) => spies.charge.mock.calls.filter(([s]) => s.id === id);
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to));
const hasAccess = async (email: string, at: Date) => {
  t.clock.set(at);
  return (await (await signedInCustomer(t.app, email)).get("/api/customer/paid-content")).json().data.has_access as boolean;
};

beforeAll(async () => {
  t = await createTestApp({ env: { RENEWALS_INTERVAL_SECONDS: "0" } });
  spies = spyProvider(t.app);
});
beforeEach(() => vi.clearAllMocks());
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("renewal charges", () => {
  it("charges a due subscription once: a paid renewal order, the next period, a receipt", async () => {
    const now = START;
    const c = await dueSubscriber(now, { discountPercent: 30, discountAppliedAt: new Date(now.getTime() - DAY) });
    const oldEnd = c.sub.currentPeriodEnd;
    const report = await runRenewals(t.app, now);
    expect(report.charged).toBeGreaterThanOrEqual(1);

    const [order, ...more] = await renewalOrders(c.sub.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ kind: "renewal", status: "paid", amount: 2099, currency: "USD", productId: TEST_PLAN.id, customerId: c.id });
    expect(order!.providerOrderId).toMatch(/^sbx_max_pay_charge_/);
    const row = await rowOf(c.sub.id);
    expect(row).toMatchObject({ status: "active", failedAttempts: 0, renewalClaimedUntil: null });
    expect(row.currentPeriodStart).toEqual(oldEnd);
    expect(row.currentPeriodEnd).toEqual(addMonths(oldEnd, 1));
    expect(row.nextChargeAt).toEqual(addMonths(oldEnd, 1));
    const [action] = await t.db.select().from(subscriptionActions).where(eq(subscriptionActions.subscriptionId, c.sub.id));
    expect(action).toMatchObject({
      kind: "renewal",
      idempotencyKey: `${c.sub.id}:renewal:${oldEnd.toISOString()}:1`,
      params: { status: "paid", order_id: order!.id },
    });

    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toBe(`Receipt: your ${TEST_PLAN.name} plan is renewed`);
    expect(mail!.text).toContain("US$20.99");
    expect(mail!.text).toContain("/account/profile/unsubscribe");

    await runRenewals(t.app, new Date(now.getTime() + HOUR));
    expect(chargesOf(c.sub.id)).toHaveLength(1);
    expect(await renewalOrders(c.sub.id)).toHaveLength(1);
  });

  it.each([
    ["2031-01-31T12:00:00.000Z", "2031-02-28T12:00:00.000Z", "28 February 2031"],
    ["2032-01-31T12:00:00.000Z", "2032-02-29T12:00:00.000Z", "29 February 2032"],
    ["2030-12-30T12:00:00.000Z", "2031-01-30T12:00:00.000Z", "30 January 2031"],
    ["2030-12-31T12:00:00.000Z", "2031-01-31T12:00:00.000Z", "31 January 2031"],
  ])("a period that ends on %s renews until %s, as the renewal receipt says", async (end, next, words) => {
    const c = await dueSubscriber(new Date(Date.parse(end) + HOUR));
    expect(c.sub.nextChargeAt).toEqual(new Date(end));
    await runRenewals(t.app, new Date(Date.parse(end) + HOUR));
    expect(await rowOf(c.sub.id)).toMatchObject({
      status: "active",
      currentPeriodStart: new Date(end),
      currentPeriodEnd: new Date(next),
      nextChargeAt: new Date(next),
    });
    const [mail] = await mailsTo(c.email);
    expect(mail!.text).toContain(`Your access continues until ${words}, when the plan renews again`);
  });

  it("after 31 January → 28 February the next renewal is 28 March: each period counts from the last, the 31st is not kept (ADR 049)", async () => {
    const c = await dueSubscriber(new Date("2031-01-31T13:00:00.000Z"));
    await runRenewals(t.app, new Date("2031-01-31T13:00:00.000Z"));
    await runRenewals(t.app, new Date("2031-02-28T13:00:00.000Z"));
    expect(chargesOf(c.sub.id)).toHaveLength(2);
    expect(await rowOf(c.sub.id)).toMatchObject({
      currentPeriodStart: new Date("2031-02-28T12:00:00.000Z"),
      currentPeriodEnd: new Date("2031-03-28T12:00:00.000Z"),
      nextChargeAt: new Date("2031-03-28T12:00:00.000Z"),
    });
  });

  it("two runs at once charge each subscription once", async () => {
    const now = new Date(START.getTime() + 2 * DAY);
    const subs = await Promise.all([0, 1, 2, 3, 4].map(() => dueSubscriber(now)));
    await Promise.all([runRenewals(t.app, now), runRenewals(t.app, now), runRenewals(t.app, now)]);
    for (const c of subs) {
      expect(chargeCallsOf(c.sub.id)).toHaveLength(1);
      expect(chargesOf(c.sub.id)).toHaveLength(1);
      expect(await renewalOrders(c.sub.id)).toHaveLength(1);
      expect((await rowOf(c.sub.id)).currentPeriodEnd).toEqual(addMonths(c.sub.currentPeriodEnd, 1));
    }
  });

  it("two app instances on one database charge each subscription once", async () => {
    const now = new Date(START.getTime() + 4 * DAY);
    const second = await createTestApp({ database: t.database, env: { RENEWALS_INTERVAL_SECONDS: "0" } });
    const secondSpies = spyProvider(second.app);
    try {
      const subs = await Promise.all([0, 1, 2, 3, 4, 5].map(() => dueSubscriber(now)));
      await Promise.all([runRenewals(t.app, now), runRenewals(second.app, now), runRenewals(t.app, now), runRenewals(second.app, now)]);
      for (const c of subs) {
        const calls = chargeCallsOf(c.sub.id).length + secondSpies.charge.mock.calls.filter(([s]) => s.id === c.sub.id).length;
        expect(calls).toBe(1);
        expect(await renewalOrders(c.sub.id)).toMatchObject([{ status: "paid" }]);
      }
    } finally {
      await second.close();
    }
  });

  it("a run that died after the charge is finished by a later run, after its claim lapses, without a second charge", async () => {
    const now = new Date(START.getTime() + 6 * DAY);
    const c = await dueSubscriber(now);
    spies.charge.mockImplementationOnce(async (sub, amount, key) => {
      await spies.originalCharge(sub, amount, key);
      throw new Error("the process died before it could record the charge");
    });
    const crashed = await runRenewals(t.app, now);
    expect(crashed.failed).toBe(1);
    expect(chargesOf(c.sub.id)).toHaveLength(1);
    expect(await renewalOrders(c.sub.id)).toMatchObject([{ status: "pending" }]);
    const left = await rowOf(c.sub.id);
    expect(left.renewalClaimedUntil).toEqual(new Date(now.getTime() + CLAIM_SECONDS * 1000));
    expect(left.currentPeriodEnd).toEqual(c.sub.currentPeriodEnd);

    await runRenewals(t.app, new Date(now.getTime() + 60_000));
    expect(chargeCallsOf(c.sub.id)).toHaveLength(1); // still claimed: untouched

    await runRenewals(t.app, new Date(now.getTime() + (CLAIM_SECONDS + 60) * 1000));
    const calls = chargeCallsOf(c.sub.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]![2]).toBe(calls[0]![2]); // same idempotency key
    expect(chargesOf(c.sub.id)).toHaveLength(1); // the provider charged once
    expect(await renewalOrders(c.sub.id)).toMatchObject([{ status: "paid" }]);
    expect(await rowOf(c.sub.id)).toMatchObject({ status: "active", renewalClaimedUntil: null, currentPeriodEnd: addMonths(c.sub.currentPeriodEnd, 1) });
  });

  it("a claim left by a run that died before charging is picked up once it lapses", async () => {
    const now = new Date(START.getTime() + 8 * DAY);
    const c = await dueSubscriber(now, { renewalClaimedUntil: new Date(now.getTime() + 2 * 60_000) });
    await runRenewals(t.app, now);
    expect(chargeCallsOf(c.sub.id)).toHaveLength(0);
    await runRenewals(t.app, new Date(now.getTime() + 3 * 60_000));
    expect(chargesOf(c.sub.id)).toHaveLength(1);
    expect(await renewalOrders(c.sub.id)).toMatchObject([{ status: "paid" }]);
  });
});

describe("failed charges", () => {
  it("past_due after the first failure, retried after 1, 3 and 5 days, ended after the last", async () => {
    let now = new Date(START.getTime() + 10 * DAY);
    const c = await dueSubscriber(now, { billToken: "decline_card" });
    await runRenewals(t.app, now);
    let row = await rowOf(c.sub.id);
    expect(row).toMatchObject({ status: "past_due", failedAttempts: 1, nextChargeAt: new Date(now.getTime() + DAY) });
    expect(await hasAccess(c.email, now)).toBe(false);
    const [failed] = await mailsTo(c.email);
    expect(failed!.subject).toBe(`We could not renew your ${TEST_PLAN.name} plan`);
    expect(failed!.text).toContain("We will try again on");

    await runRenewals(t.app, new Date(now.getTime() + DAY - 60_000));
    expect(chargeCallsOf(c.sub.id)).toHaveLength(1); // not before the retry date

    for (const [attempt, days] of [
      [2, 3],
      [3, 5],
    ] as const) {
      now = row.nextChargeAt!;
      await runRenewals(t.app, now);
      row = await rowOf(c.sub.id);
      expect(row).toMatchObject({ status: "past_due", failedAttempts: attempt, nextChargeAt: new Date(now.getTime() + days * DAY) });
    }
    now = row.nextChargeAt!;
    await runRenewals(t.app, now);
    row = await rowOf(c.sub.id);
    expect(row).toMatchObject({ status: "ended", failedAttempts: MAX_FAILED_ATTEMPTS, nextChargeAt: null, endedAt: now });
    const attempts = await renewalOrders(c.sub.id);
    expect(attempts.map((o) => o.status)).toEqual(["declined", "declined", "declined", "declined"]);
    expect(new Set(chargesOf(c.sub.id).map((x) => x.idempotencyKey)).size).toBe(4);
    const mails = await mailsTo(c.email);
    expect(mails.map((m) => m.subject).filter((x) => x === `Your ${TEST_PLAN.name} plan has ended`)).toHaveLength(1);
    expect(mails).toHaveLength(4);

    await runRenewals(t.app, new Date(now.getTime() + 30 * DAY));
    expect(chargesOf(c.sub.id)).toHaveLength(4);
  });

  it("a retry that succeeds makes it active again, with a new period from the charge", async () => {
    const now = new Date(START.getTime() + 12 * DAY);
    const c = await dueSubscriber(now, { billToken: "decline_card" });
    await runRenewals(t.app, now);
    await t.db.update(subscriptions).set({ billToken: "new_card" }).where(eq(subscriptions.id, c.sub.id));
    const retry = (await rowOf(c.sub.id)).nextChargeAt!;
    await runRenewals(t.app, retry);
    expect(await rowOf(c.sub.id)).toMatchObject({ status: "active", failedAttempts: 0, currentPeriodStart: retry, currentPeriodEnd: addMonths(retry, 1) });
    expect((await renewalOrders(c.sub.id)).map((o) => o.status)).toEqual(["declined", "paid"]);
  });
});

describe("pause and cancel over time", () => {
  it("a paused subscription is not charged during the pause, resumes when it ends, and is charged then", async () => {
    const now = new Date(START.getTime() + 14 * DAY);
    t.clock.set(now);
    const c = await signedInCustomer(t.app, `paused${++seq}@example.com`);
    const sub = await insertSubscription(t.db, c.id, now);
    const paused = (await c.post("/api/subscription/pause", { sub_id: sub.id, months: 2 })).json().data;
    const resumesAt = new Date(paused.paused_until);
    expect(resumesAt).toEqual(addMonths(sub.currentPeriodEnd, 2));

    await runRenewals(t.app, new Date(sub.currentPeriodEnd.getTime() + HOUR));
    expect(chargeCallsOf(sub.id)).toHaveLength(0);
    expect(await rowOf(sub.id)).toMatchObject({ status: "paused" });
    expect(await hasAccess(c.email, new Date(sub.currentPeriodEnd.getTime() - HOUR))).toBe(true);
    expect(await hasAccess(c.email, new Date(sub.currentPeriodEnd.getTime() + HOUR))).toBe(false);

    await runRenewals(t.app, new Date(resumesAt.getTime() - HOUR));
    expect(chargeCallsOf(sub.id)).toHaveLength(0);

    await runRenewals(t.app, new Date(resumesAt.getTime() + 60_000));
    expect(chargesOf(sub.id)).toHaveLength(1);
    expect(await rowOf(sub.id)).toMatchObject({
      status: "active",
      pausedUntil: null,
      currentPeriodStart: resumesAt,
      currentPeriodEnd: addMonths(resumesAt, 1),
      nextChargeAt: addMonths(resumesAt, 1),
    });
    const kinds = (
      await t.db.select().from(subscriptionActions).where(eq(subscriptionActions.subscriptionId, sub.id)).orderBy(subscriptionActions.createdAt)
    ).map((a) => a.kind);
    expect(kinds.sort()).toEqual(["pause", "reminder", "renewal", "resume"]);
    expect(await hasAccess(c.email, new Date(resumesAt.getTime() + DAY))).toBe(true);
  });

  it("a week before a pause ends the customer is reminded once, with the date and the amount, however many runs there are", async () => {
    const now = new Date(START.getTime() + 15 * DAY);
    t.clock.set(now);
    const c = await signedInCustomer(t.app, `remind${++seq}@example.com`);
    const sub = await insertSubscription(t.db, c.id, now);
    const paused = (await c.post("/api/subscription/pause", { sub_id: sub.id, months: 1 })).json().data;
    const resumesAt = new Date(paused.paused_until);
    const reminders = async () => (await mailsTo(c.email)).filter((m) => m.subject.includes("resumes on"));

    await runRenewals(t.app, new Date(resumesAt.getTime() - 8 * DAY));
    expect(await reminders()).toHaveLength(0);

    const weekBefore = new Date(resumesAt.getTime() - 6 * DAY);
    await Promise.all([runRenewals(t.app, weekBefore), runRenewals(t.app, weekBefore)]);
    await runRenewals(t.app, new Date(weekBefore.getTime() + DAY));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`$${(TEST_PLAN.renewal / 100).toFixed(2)}`);
    expect(sent[0]!.subject).toContain(resumesAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));
    expect(sent[0]!.text).toContain("/account/profile/my-plans");
    expect(chargeCallsOf(sub.id)).toHaveLength(0);
  });

  it("a cancelled subscription keeps access to the period end; the job ends it then and never charges", async () => {
    const now = new Date(START.getTime() + 16 * DAY);
    t.clock.set(now);
    const c = await signedInCustomer(t.app, `cancel${++seq}@example.com`);
    const sub = await insertSubscription(t.db, c.id, now);
    expect((await c.post("/api/subscription/cancel", { sub_id: sub.id, reason: "not_using" })).statusCode).toBe(200);

    const before = new Date(sub.currentPeriodEnd.getTime() - 60_000);
    await runRenewals(t.app, before);
    expect(await rowOf(sub.id)).toMatchObject({ status: "cancelled", endedAt: null });
    expect(await hasAccess(c.email, before)).toBe(true);

    const after = new Date(sub.currentPeriodEnd.getTime() + 60_000);
    await runRenewals(t.app, after);
    expect(await rowOf(sub.id)).toMatchObject({ status: "ended", endedAt: after, nextChargeAt: null });
    expect(await hasAccess(c.email, after)).toBe(false);
    expect(chargeCallsOf(sub.id)).toHaveLength(0);
    expect(await renewalOrders(sub.id)).toEqual([]);
  });
});

describe("schedule", () => {
  it("runs in the server process every RENEWALS_INTERVAL_SECONDS and stops on close", async () => {
    const scheduled = await createTestApp({ database: t.database, env: { RENEWALS_INTERVAL_SECONDS: "1" } });
    const scheduledSpies = spyProvider(scheduled.app);
    const now = scheduled.clock.now();
    const who = await signedInCustomer(scheduled.app, `scheduled${++seq}@example.com`);
    const end = new Date(now.getTime() - HOUR);
    const sub = await insertSubscription(t.db, who.id, now, { currentPeriodStart: addMonths(end, -1), currentPeriodEnd: end, nextChargeAt: end });
    try {
      await vi.waitFor(() => expect(scheduledSpies.provider.charges.filter((x) => x.subscriptionId === sub.id)).toHaveLength(1), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await scheduled.close();
    }
    expect(await renewalOrders(sub.id)).toMatchObject([{ status: "paid" }]);
  });
});
