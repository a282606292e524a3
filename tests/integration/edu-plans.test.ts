import { and, eq } from "drizzle-orm";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { customerEduPlanProgress, customerEduPlans, customers } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { insertSubscription } from "../helpers/subscriptions.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

type ContentPlan = {
  id: number;
  code: string;
  name: string;
  status?: string;
  category: { code: string; name: string };
  pic: string;
  days: { title: string; summary: string; tasks: { title: string; minutes: number }[] }[];
};
type ApiTask = { id: number; title: string; text: string; minutes: number; is_completed: boolean };
type ApiDay = { id: number; title: string; summary: string; is_completed: boolean; tasks: ApiTask[] };
type ApiPlan = { id: number; code: string; status: string; taken_at: string | null; days: ApiDay[] } & Record<string, unknown>;

const plansDir = join(process.cwd(), "content", "plans");
const contentPlans: ContentPlan[] = readdirSync(plansDir)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => parse(readFileSync(join(plansDir, f), "utf8")) as ContentPlan)
  .sort((a, b) => a.id - b.id);
const activePlans = contentPlans.filter((p) => (p.status ?? "active") === "active");

const PASSWORD = "a long enough passphrase";
let t: TestApp;

/** A logged-in browser for a new customer whose subscription unlocks the plans (account-access.test.ts covers the locks). */
async function customer(email: string, ip: string) {
  await t.db.insert(customers).values({ email, passwordHash: await hashPassword(PASSWORD) });
  const browser = client(t.app, ip);
  const res = await browser.post("/api/auth/login", { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  const id = res.json().data.id as string;
  await insertSubscription(t.db, id, t.clock.now());
  return Object.assign(browser, { id });
}

const planIn = (res: { json<T>(): T }) => res.json<{ data: ApiPlan }>().data;
const completedTasks = (plan: ApiPlan) => plan.days.flatMap((d) => d.tasks.filter((x) => x.is_completed).map((x) => x.id));
const completedDays = (plan: ApiPlan) => plan.days.filter((d) => d.is_completed).map((d) => d.id);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("GET /api/edu-plan/list", () => {
  it("lists every active plan in content with its days (1…N) and tasks (day×100+position)", async () => {
    expect(activePlans.length).toBeGreaterThanOrEqual(2);
    const res = await client(t.app).get("/api/edu-plan/list");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const plans: ApiPlan[] = res.json().data;
    expect(plans.map((p) => p.id)).toEqual(activePlans.map((p) => p.id));

    for (const [i, source] of activePlans.entries()) {
      const plan = plans[i]!;
      expect(plan).toMatchObject({
        id: source.id,
        code: source.code,
        name: source.name,
        status: "active",
        category: { code: source.category.code, name: source.category.name },
        pic: source.pic,
        taken_at: null,
      });
      expect(plan.pic).toMatch(/^\/content-images\/.+\.svg$/);
      expect(plan.text).toMatch(/^<p>/);
      expect(plan.text).toContain("<strong>");
      expect(plan.days.map((d) => d.id)).toEqual(source.days.map((_, d) => d + 1));
      for (const [d, day] of plan.days.entries()) {
        expect(day).toMatchObject({ title: source.days[d]!.title, summary: source.days[d]!.summary, is_completed: false });
        expect(day.tasks.map((x) => x.id)).toEqual(source.days[d]!.tasks.map((_, p) => (d + 1) * 100 + p + 1));
        for (const [p, task] of day.tasks.entries()) {
          expect(task).toMatchObject({ title: source.days[d]!.tasks[p]!.title, minutes: source.days[d]!.tasks[p]!.minutes, is_completed: false });
          // The outline: a task's text comes with the customer's plan, once a subscription unlocks it.
          expect(task.text).toBeNull();
        }
      }
    }
  });
});

describe("GET /api/edu-plan/{id}", () => {
  it("returns the plan as a one-item list", async () => {
    const list: ApiPlan[] = (await client(t.app).get("/api/edu-plan/list")).json().data;
    const res = await client(t.app).get(`/api/edu-plan/${activePlans[1]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [list[1]] });
  });

  it("answers 404 in the error envelope for an unknown id, 400 for a non-numeric one", async () => {
    const res = await client(t.app).get("/api/edu-plan/99999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "Plan not found" } });
    expect((await client(t.app).get("/api/edu-plan/abc")).statusCode).toBe(400);
  });
});

describe("customer plans", () => {
  it("needs a session: every customer call answers 401", async () => {
    const anonymous = client(t.app, "203.0.113.120");
    const calls = [
      anonymous.get("/api/customer/edu-plan/list"),
      anonymous.get("/api/customer/edu-plan/1"),
      anonymous.post("/api/customer/edu-plan/take", { plan_id: 1 }),
      anonymous.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id: 101 }),
      anonymous.post("/api/customer/edu-plan/day/complete", { plan_id: 1, day_id: 1 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
    expect(await t.db.select().from(customerEduPlans)).toEqual([]);
  });

  it("take: the plan appears in the customer's list with taken_at; taking it again changes nothing", async () => {
    const ada = await customer("plans-ada@example.org", "203.0.113.121");
    expect((await ada.get("/api/customer/edu-plan/list")).json()).toEqual({ data: [] });

    const takenAt = t.clock.now().toISOString();
    const taken = await ada.post("/api/customer/edu-plan/take", { plan_id: 1 });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toMatchObject({ id: 1, status: "active", taken_at: takenAt });

    const list = await ada.get("/api/customer/edu-plan/list");
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toEqual(taken.json().data);
    expect(completedTasks(list.json<{ data: ApiPlan[] }>().data[0]!)).toEqual([]);

    t.clock.advance(3600);
    const again = await ada.post("/api/customer/edu-plan/take", { plan_id: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.taken_at).toBe(takenAt);
    expect((await ada.get("/api/customer/edu-plan/list")).json().data).toHaveLength(1);
    expect(await t.db.select().from(customerEduPlans).where(eq(customerEduPlans.customerId, ada.id))).toHaveLength(1);

    const one = await ada.get("/api/customer/edu-plan/1");
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(taken.json().data);
  });

  it("take: an unknown plan answers 404 and stores nothing", async () => {
    const bob = await customer("plans-bob@example.org", "203.0.113.122");
    const res = await bob.post("/api/customer/edu-plan/take", { plan_id: 99999 });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(customerEduPlans).where(eq(customerEduPlans.customerId, bob.id))).toEqual([]);
  });

  it("completing tasks marks them; the last task of a day marks the day; day/complete marks the day and its tasks; every day completes the plan", async () => {
    const cyd = await customer("plans-cyd@example.org", "203.0.113.123");
    await cyd.post("/api/customer/edu-plan/take", { plan_id: 1 });
    const source = contentPlans.find((p) => p.id === 1)!;
    expect(source.days[0]!.tasks.length).toBe(2);

    const first = await cyd.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id: 101 });
    expect(first.statusCode).toBe(200);
    expect(completedTasks(planIn(first))).toEqual([101]);
    expect(completedDays(planIn(first))).toEqual([]);
    expect(first.json().data.status).toBe("active");

    const repeat = await cyd.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id: 101 });
    expect(repeat.statusCode).toBe(200);
    expect(completedTasks(planIn(repeat))).toEqual([101]);

    const second = await cyd.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id: 102 });
    expect(completedTasks(planIn(second))).toEqual([101, 102]);
    expect(completedDays(planIn(second))).toEqual([1]);

    const day3 = await cyd.post("/api/customer/edu-plan/day/complete", { plan_id: 1, day_id: 3 });
    expect(day3.statusCode).toBe(200);
    expect(completedDays(planIn(day3))).toEqual([1, 3]);
    expect(completedTasks(planIn(day3))).toEqual([101, 102, 301, 302]);

    // The list shows the same progress as the call's answer.
    const listed: ApiPlan = (await cyd.get("/api/customer/edu-plan/list")).json().data[0];
    expect(listed).toEqual(day3.json().data);

    let last: ApiPlan | undefined;
    for (let day = 1; day <= source.days.length; day++) {
      if (day === 1 || day === 3) continue;
      const res = await cyd.post("/api/customer/edu-plan/day/complete", { plan_id: 1, day_id: day });
      expect(res.statusCode).toBe(200);
      last = res.json().data;
      if (day < source.days.length) expect(last!.status).toBe("active");
    }
    expect(last!.status).toBe("completed");
    expect(completedDays(last!)).toEqual(source.days.map((_, d) => d + 1));
    expect(completedTasks(last!)).toHaveLength(source.days.reduce((n, d) => n + d.tasks.length, 0));
    expect((await cyd.get("/api/customer/edu-plan/1")).json().data.status).toBe("completed");
    const [row] = await t.db
      .select()
      .from(customerEduPlans)
      .where(and(eq(customerEduPlans.customerId, cyd.id), eq(customerEduPlans.planId, 1)));
    expect(row!.completedAt).not.toBeNull();

    // The public catalogue is not affected by one customer's progress.
    const pub: ApiPlan = (await client(t.app).get("/api/edu-plan/1")).json().data[0];
    expect(pub.status).toBe("active");
    expect(completedTasks(pub)).toEqual([]);
  });

  it("a task or day that is not in the plan answers 404 and stores nothing", async () => {
    const dee = await customer("plans-dee@example.org", "203.0.113.124");
    await dee.post("/api/customer/edu-plan/take", { plan_id: 1 });
    for (const task_id of [103, 100, 99999, 801]) {
      const res = await dee.post("/api/customer/edu-plan/task/complete", { plan_id: 1, task_id });
      expect(res.statusCode, `task ${task_id}`).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect((await dee.post("/api/customer/edu-plan/day/complete", { plan_id: 1, day_id: 99 })).statusCode).toBe(404);
    expect(await t.db.select().from(customerEduPlanProgress).where(eq(customerEduPlanProgress.customerId, dee.id))).toEqual([]);
  });

  it("a plan the customer did not take reads as not taken (no 404 for the plan's page, ADR 020); completing it answers 404", async () => {
    const eve = await customer("plans-eve@example.org", "203.0.113.125");
    const read = await eve.get("/api/customer/edu-plan/2");
    expect(read.statusCode, read.body).toBe(200);
    const plan = planIn(read);
    expect(plan).toMatchObject({ id: 2, taken_at: null, status: "active" });
    expect(completedTasks(plan)).toEqual([]);
    expect(completedDays(plan)).toEqual([]);
    expect((await eve.get("/api/customer/edu-plan/999")).statusCode).toBe(404);
    expect((await eve.post("/api/customer/edu-plan/task/complete", { plan_id: 2, task_id: 101 })).statusCode).toBe(404);
    expect((await eve.post("/api/customer/edu-plan/day/complete", { plan_id: 2, day_id: 1 })).statusCode).toBe(404);
    expect(await t.db.select().from(customerEduPlanProgress).where(eq(customerEduPlanProgress.customerId, eve.id))).toEqual([]);
    expect(await t.db.select().from(customerEduPlans).where(eq(customerEduPlans.customerId, eve.id))).toEqual([]);
  });
});

describe("one customer's plan is invisible to another (IDOR)", () => {
  it("B sees nothing of A's progress in a plan only A took, cannot complete its tasks, and A's progress is untouched", async () => {
    const a = await customer("plans-owner-a@example.org", "198.51.100.130");
    const b = await customer("plans-other-b@example.org", "198.51.100.131");
    await a.post("/api/customer/edu-plan/take", { plan_id: 2 });
    const mine = await a.post("/api/customer/edu-plan/task/complete", { plan_id: 2, task_id: 201 });
    expect(mine.statusCode).toBe(200);
    const before: ApiPlan = (await a.get("/api/customer/edu-plan/2")).json().data;
    const rowsBefore = await t.db.select().from(customerEduPlanProgress).where(eq(customerEduPlanProgress.planId, 2));

    // B reads the plan as one they have not taken: nothing of A's progress.
    const bView = planIn(await b.get("/api/customer/edu-plan/2"));
    expect(bView.taken_at).toBeNull();
    expect(completedTasks(bView)).toEqual([]);
    expect((await b.get("/api/customer/edu-plan/list")).json()).toEqual({ data: [] });
    expect((await b.post("/api/customer/edu-plan/task/complete", { plan_id: 2, task_id: 202 })).statusCode).toBe(404);
    expect((await b.post("/api/customer/edu-plan/day/complete", { plan_id: 2, day_id: 1 })).statusCode).toBe(404);
    expect((await b.post("/api/customer/edu-plan/day/complete", { plan_id: 2, day_id: 3 })).statusCode).toBe(404);

    const after: ApiPlan = (await a.get("/api/customer/edu-plan/2")).json().data;
    expect(after).toEqual(before);
    expect(completedTasks(after)).toEqual([201]);
    expect(completedDays(after)).toEqual([]);
    const rowsAfter = await t.db.select().from(customerEduPlanProgress).where(eq(customerEduPlanProgress.planId, 2));
    expect(rowsAfter).toEqual(rowsBefore);
    expect(rowsAfter.every((r) => r.customerId === a.id)).toBe(true);
  });
});
