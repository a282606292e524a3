import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders, products, subscriptionActions, subscriptions } from "#server/db/schema.ts";
import { reminderFor } from "#server/payments/renewals/renewal-reminders.ts";
import { runRenewals } from "#server/payments/renewals/renewals.ts";
import { addDays, addMonths, firstPeriodEnd } from "#schemas/content/billing-dates.ts";
import { DEFAULT_RENEWAL_REMINDERS } from "#schemas/content/renewal-reminders.ts";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 18: an e-mail before a trial (or an introductory first month) turns into the regular price,
 * and before every renewal of a plan longer than a month: the date, the price with any discount and
 * a direct link to cancel; once per charge date, through the outbox, from the renewal job's clock.
 * Lead times come from content/billing/renewal-reminders.yaml (3 days for trials, 7 for long plans).
 */
let t: TestApp;
let n = 0;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The support address every e-mail replies to: the catalogue's, as the site shows it. */
const SUPPORT = "support@pathwise.app";

beforeAll(async () => {
  t = await createTestApp({ env: { RENEWALS_INTERVAL_SECONDS: "0" } });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** A customer who bought `productId` (a real plan from content/products) at `boughtAt`, in USD, with the first period as the product defines it. */
async function subscriber(productId: string, boughtAt: Date, options: { timeZone?: string; discountPercent?: number } = {}) {
  const email = `reminder${++n}@example.com`;
  const [customer] = await t.db
    .insert(customers)
    .values({ email, timeZone: options.timeZone ?? null })
    .returning();
  const [product] = await t.db.select().from(products).where(eq(products.id, productId));
  const price = product!.prices.USD!;
  const [order] = await t.db
    .insert(orders)
    .values({
      customerId: customer!.id,
      productId,
      provider: "max_pay",
      kind: "initial",
      currency: "USD",
      amount: price.first,
      status: "paid",
      paidAt: boughtAt,
    })
    .returning();
  const end = firstPeriodEnd(boughtAt, { trialDays: product!.trialDays, period: product!.period });
  const [sub] = await t.db
    .insert(subscriptions)
    .values({
      customerId: customer!.id,
      productId,
      provider: "max_pay",
      orderId: order!.id,
      currency: "USD",
      renewalAmount: price.renewal,
      status: "active",
      currentPeriodStart: boughtAt,
      currentPeriodEnd: end,
      nextChargeAt: end,
      billToken: "sandbox_token",
      discountPercent: options.discountPercent ?? null,
      createdAt: boughtAt,
    })
    .returning();
  await t.db.update(orders).set({ subscriptionId: sub!.id }).where(eq(orders.id, order!.id));
  return { email, customerId: customer!.id, sub: sub!, end };
}

const remindersTo = async (email: string) => (await t.outbox()).filter((m) => m.to.includes(email) && m.subject.includes("will be charged"));
const reminderActions = (subId: string) =>
  t.db
    .select()
    .from(subscriptionActions)
    .where(and(eq(subscriptionActions.subscriptionId, subId), eq(subscriptionActions.kind, "renewal_reminder")));

describe("the lead times", () => {
  it("come from content/billing/renewal-reminders.yaml: 3 days before a trial ends, 7 before a long plan renews", () => {
    expect(t.app.services.renewalReminders).toEqual({ trial_ends: { days_before: 3 }, long_period_renews: { days_before: 7 } });
    const base = { trialDays: 0, period: "month" as const, firstAmount: 2999, renewalAmount: 2999 };
    expect(reminderFor({ ...base, firstRenewal: true, trialDays: 7, firstAmount: 199 }, DEFAULT_RENEWAL_REMINDERS)).toEqual({
      reason: "trial_ends",
      daysBefore: 3,
    });
    expect(reminderFor({ ...base, firstRenewal: true, firstAmount: 1999 }, DEFAULT_RENEWAL_REMINDERS)).toEqual({ reason: "intro_price_ends", daysBefore: 3 });
    expect(reminderFor({ ...base, firstRenewal: false, trialDays: 7 }, DEFAULT_RENEWAL_REMINDERS)).toBeNull();
    expect(reminderFor({ ...base, firstRenewal: true }, DEFAULT_RENEWAL_REMINDERS)).toBeNull();
    expect(reminderFor({ ...base, firstRenewal: false, period: "quarter" }, DEFAULT_RENEWAL_REMINDERS)).toEqual({
      reason: "long_period_renews",
      daysBefore: 7,
    });
  });
});

describe("before a trial ends", () => {
  it("is sent 3 days before the first regular charge, once, however many runs and instances: date, price, a direct link to cancel", async () => {
    const bought = new Date("2031-05-01T10:00:00.000Z");
    const c = await subscriber("trial_7d", bought);
    expect(c.end).toEqual(addDays(bought, 7));

    // Four days into the trial, a minute before the lead time: nothing yet.
    await runRenewals(t.app, new Date(c.end.getTime() - 3 * DAY - 60_000));
    expect(await remindersTo(c.email)).toHaveLength(0);

    // Inside the lead time, from two instances at once and again later: one reminder.
    // Whichever instance queued it sends it, into its own outbox: read both.
    const second = await createTestApp({ database: t.database, env: { RENEWALS_INTERVAL_SECONDS: "0" } });
    let sentBySecond;
    try {
      const at = new Date(c.end.getTime() - 3 * DAY + 60_000);
      await Promise.all([runRenewals(t.app, at), runRenewals(second.app, at), runRenewals(t.app, at)]);
      await runRenewals(second.app, new Date(at.getTime() + DAY));
      sentBySecond = (await second.outbox()).filter((m) => m.to.includes(c.email));
    } finally {
      await second.close();
    }
    await runRenewals(t.app, new Date(c.end.getTime() - HOUR));
    expect(await reminderActions(c.sub.id)).toMatchObject([
      { idempotencyKey: `renewal_reminder:${c.sub.id}:${c.end.toISOString()}`, params: { reason: "trial_ends", amount: 2999, currency: "USD" } },
    ]);
    const all = [...(await t.outbox()).filter((m) => m.to.includes(c.email)), ...sentBySecond];
    const [mail, ...more] = all;
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your trial ends on 8 May 2031: US$29.99 will be charged");
    expect(mail!.replyTo).toContain(SUPPORT);
    expect(mail!.text).toContain("The trial of your “7-day trial” plan ends on 8 May 2031");
    expect(mail!.text).toContain("then US$29.99 every month until you cancel");
    expect(mail!.text).toContain(`${t.origin}/account/profile/unsubscribe?sub_id=${c.sub.id}`);
    expect(mail!.text).toContain("no call and no chat");
    expect(mail!.text).toContain("Dates and times in this e-mail are in UTC.");
    expect(mail!.html).toContain(`href="${t.origin}/account/profile/unsubscribe?sub_id=${c.sub.id}"`);
  });

  it("writes the date in the customer's time zone, names it, and gives the discounted price", async () => {
    // 02:00 UTC on 9 May is still 8 May in Los Angeles.
    const bought = new Date("2031-05-02T02:00:00.000Z");
    const c = await subscriber("trial_7d", bought, { timeZone: "America/Los_Angeles", discountPercent: 30 });
    await runRenewals(t.app, new Date(c.end.getTime() - 2 * DAY));
    const [mail] = await remindersTo(c.email);
    expect(mail!.subject).toBe("Your trial ends on 8 May 2031: US$20.99 will be charged");
    expect(mail!.text).toContain("30% discount you accepted; the regular price is US$29.99");
    expect(mail!.text).toContain("Dates and times in this e-mail are in America/Los_Angeles time.");
  });

  it("an introductory first month is announced like a trial, 3 days before the regular price", async () => {
    const bought = new Date("2031-05-03T09:00:00.000Z");
    const c = await subscriber("month_1", bought);
    expect(c.end).toEqual(addMonths(bought, 1));
    await runRenewals(t.app, new Date(c.end.getTime() - 4 * DAY));
    expect(await remindersTo(c.email)).toHaveLength(0);
    await runRenewals(t.app, new Date(c.end.getTime() - 2 * DAY));
    const [mail] = await remindersTo(c.email);
    expect(mail!.subject).toBe("Your introductory price ends on 3 June 2031: US$29.99 will be charged");
  });
});

describe("month ends: the reminder names the day the charge really falls on", () => {
  it("an introductory month bought on 31 January ends on 28 February, and the reminder 3 days before says so", async () => {
    const c = await subscriber("month_1", new Date("2031-01-31T09:00:00.000Z"));
    expect(c.end).toEqual(new Date("2031-02-28T09:00:00.000Z"));
    await runRenewals(t.app, new Date("2031-02-26T09:00:00.000Z"));
    expect((await remindersTo(c.email)).map((m) => m.subject)).toEqual(["Your introductory price ends on 28 February 2031: US$29.99 will be charged"]);
  });

  it("a 3-month plan bought on 30 November renews on 29 February in a leap year, and the reminder a week before says so", async () => {
    const c = await subscriber("quarter_3", new Date("2031-11-30T10:00:00.000Z"));
    expect(c.end).toEqual(new Date("2032-02-29T10:00:00.000Z"));
    await runRenewals(t.app, new Date("2032-02-23T10:00:00.000Z"));
    expect((await remindersTo(c.email)).map((m) => m.subject)).toEqual(["Your 3 months plan renews on 29 February 2032: US$49.99 will be charged"]);
  });
});

describe("monthly plans after their first regular charge, and plans that are not running", () => {
  it("a monthly plan renewed once gets no reminder before its later renewals", async () => {
    const bought = new Date("2031-06-01T10:00:00.000Z");
    const c = await subscriber("trial_7d", bought);
    // The trial's reminder, then the first regular charge.
    await runRenewals(t.app, new Date(c.end.getTime() - 2 * DAY));
    const charged = await runRenewals(t.app, new Date(c.end.getTime() + HOUR));
    expect(charged.charged).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, c.sub.id));
    expect(after!.nextChargeAt).toEqual(addMonths(c.end, 1));
    // Every day of the next month, up to the next charge: no second reminder.
    for (let day = 1; day < 31; day++) await runRenewals(t.app, new Date(c.end.getTime() + day * DAY));
    expect(await remindersTo(c.email)).toHaveLength(1);
    expect(await reminderActions(c.sub.id)).toHaveLength(1);
  });

  it("paused, cancelled and failing plans are not reminded", async () => {
    const bought = new Date("2031-07-01T10:00:00.000Z");
    const paused = await subscriber("trial_7d", bought);
    const cancelled = await subscriber("trial_7d", bought);
    const failing = await subscriber("quarter_3", bought);
    await t.db
      .update(subscriptions)
      .set({ status: "paused", pausedUntil: addMonths(paused.end, 1) })
      .where(eq(subscriptions.id, paused.sub.id));
    await t.db.update(subscriptions).set({ status: "cancelled", nextChargeAt: null, cancelledAt: bought }).where(eq(subscriptions.id, cancelled.sub.id));
    await t.db
      .update(subscriptions)
      .set({ status: "past_due", nextChargeAt: addDays(bought, 2) })
      .where(eq(subscriptions.id, failing.sub.id));
    await runRenewals(t.app, addDays(bought, 5));
    for (const c of [paused, cancelled, failing]) expect(await remindersTo(c.email)).toEqual([]);
  });
});

describe("before a plan longer than a month renews", () => {
  it("is sent 7 days before every renewal of the 3-month plan, once per renewal", async () => {
    const bought = new Date("2031-08-01T10:00:00.000Z");
    const c = await subscriber("quarter_3", bought);
    expect(c.end).toEqual(addMonths(bought, 3));
    await runRenewals(t.app, new Date(c.end.getTime() - 8 * DAY));
    expect(await remindersTo(c.email)).toHaveLength(0);
    await runRenewals(t.app, new Date(c.end.getTime() - 6 * DAY));
    await runRenewals(t.app, new Date(c.end.getTime() - 5 * DAY));
    let mails = await remindersTo(c.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your 3 months plan renews on 1 November 2031: US$49.99 will be charged"]);
    expect(mails[0]!.text).toContain("for the next 3 months, and then US$49.99 every 3 months until you cancel");

    // The renewal is charged; 7 days before the next one, the next reminder.
    await runRenewals(t.app, new Date(c.end.getTime() + HOUR));
    const next = addMonths(c.end, 3);
    await runRenewals(t.app, new Date(next.getTime() - 6 * DAY));
    await runRenewals(t.app, new Date(next.getTime() - 6 * DAY));
    mails = await remindersTo(c.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Your 3 months plan renews on 1 November 2031: US$49.99 will be charged",
      "Your 3 months plan renews on 1 February 2032: US$49.99 will be charged",
    ]);
    expect(await reminderActions(c.sub.id)).toHaveLength(2);
  });
});
