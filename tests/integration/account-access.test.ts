import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerEduPlanProgress, customerEduPlans, entitlements, subscriptions } from "#server/db/schema.ts";
import { insertSubscription, signedInCustomer } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * What a subscription unlocks (ADR 017): education plans, article texts and tools, for a customer
 * whose subscription gives access now. Without one, each locked call answers 403 with what unlocks
 * it, and changes nothing; logged out, 401.
 */
let t: TestApp;
let ip = 10;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

async function someone(kind: string) {
  return signedInCustomer(t.app, `access-${kind}-${Date.now()}-${ip}@example.org`, `203.0.113.${ip++}`);
}

type Browser = Awaited<ReturnType<typeof someone>>;

/** Every locked call, as the customer would make it. */
const lockedCalls = (b: Browser) => [
  () => b.get("/api/article/1"),
  () => b.get("/api/tools/1"),
  () => b.post("/api/customer/edu-plan/take", { plan_id: 1 }),
  () => b.get("/api/customer/edu-plan/1"),
  () => b.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id: 101 }),
  () => b.post("/api/customer/edu-plan/day/complete", { plan_id: 1, day_id: 1 }),
];

async function expectLocked(b: Browser, reason: "no_plan" | "plan_ended", href: string) {
  for (const call of lockedCalls(b)) {
    const res = await call();
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: { code: "subscription_required", message: expect.any(String), unlock: { reason, href } } });
  }
}

describe("what a subscription unlocks", () => {
  it("logged out: every locked call answers 401", async () => {
    for (const call of lockedCalls(Object.assign(client(t.app, "203.0.113.9"), { id: "", email: "" }))) expect((await call()).statusCode).toBe(401);
  });

  it("an account that never paid: 403 with the plans on sale (/pricing) as what unlocks it, and no plan is taken", async () => {
    const b = await someone("never");
    await expectLocked(b, "no_plan", "/pricing");
    expect(await t.db.select().from(customerEduPlans).where(eq(customerEduPlans.customerId, b.id))).toHaveLength(0);
    // The catalogues stay open: what is locked is visible, with what unlocks it.
    expect((await b.get("/api/article/list")).statusCode).toBe(200);
    expect((await b.get("/api/edu-plan/list")).statusCode).toBe(200);
  });

  it("an active subscription (a trial too) unlocks article texts, tools and plans with their task texts", async () => {
    const b = await someone("active");
    await insertSubscription(t.db, b.id, t.clock.now(), { status: "active" });
    expect((await b.get("/api/article/1")).json().data.text).toContain("<h2");
    expect((await b.get("/api/tools/1")).json().data.text).toContain("<h2");
    const taken = await b.post("/api/customer/edu-plan/take", { plan_id: 1 });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.days[0].tasks[0].text).toMatch(/^<(p|ul|ol)>/);
    expect((await b.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id: 101 })).statusCode).toBe(200);
  });

  it("paused or cancelled with paid time left: still unlocked until the period ends", async () => {
    for (const status of ["paused", "cancelled"] as const) {
      const b = await someone(status);
      await insertSubscription(t.db, b.id, t.clock.now(), { status, currentPeriodEnd: new Date(t.clock.now().getTime() + 5 * DAY) });
      expect((await b.get("/api/article/1")).statusCode, status).toBe(200);
      expect((await b.post("/api/customer/edu-plan/take", { plan_id: 1 })).statusCode, status).toBe(200);
    }
  });

  it("after the paid time of a cancelled plan, or with a failed renewal: 403 pointing at the plans on sale; the progress is kept, the texts hidden", async () => {
    const b = await someone("ended");
    const sub = await insertSubscription(t.db, b.id, t.clock.now());
    expect((await b.post("/api/customer/edu-plan/take", { plan_id: 1 })).statusCode).toBe(200);
    expect((await b.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id: 101 })).statusCode).toBe(200);
    await t.db
      .update(subscriptions)
      .set({ status: "cancelled", currentPeriodEnd: new Date(t.clock.now().getTime() - DAY) })
      .where(eq(subscriptions.id, sub.id));

    const progressBefore = await t.db.select().from(customerEduPlanProgress).where(eq(customerEduPlanProgress.customerId, b.id));
    await expectLocked(b, "plan_ended", "/pricing");
    expect(await t.db.select().from(customerEduPlanProgress).where(eq(customerEduPlanProgress.customerId, b.id))).toEqual(progressBefore);

    const mine = await b.get("/api/customer/edu-plan/list");
    expect(mine.statusCode).toBe(200);
    const plan = mine.json().data[0];
    expect(plan.days[0].tasks[0]).toMatchObject({ id: 101, is_completed: true, text: null });

    await t.db
      .update(subscriptions)
      .set({ status: "past_due", currentPeriodEnd: new Date(t.clock.now().getTime() + DAY) })
      .where(eq(subscriptions.id, sub.id));
    await expectLocked(b, "plan_ended", "/pricing");
  });

  it("an unknown article or tool is still a 404 for a locked account (the lock says nothing about ids)", async () => {
    const b = await someone("unknown");
    expect((await b.get("/api/article/99999")).statusCode).toBe(404);
    expect((await b.get("/api/tools/99999")).statusCode).toBe(404);
  });

  it("paid-content says so: a subscription bought without a quiz (no report behind it) has access too", async () => {
    const b = await someone("no-quiz");
    await insertSubscription(t.db, b.id, t.clock.now());
    await t.db.delete(entitlements).where(eq(entitlements.customerId, b.id));
    const paid = (await b.get("/api/customer/paid-content")).json().data;
    expect(paid).toMatchObject({ reports: [], has_access: true });
    expect((await b.get("/api/article/1")).statusCode).toBe(200);
  });
});
