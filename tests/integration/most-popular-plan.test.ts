import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productContent } from "#schemas/content/product.ts";
import { customers, orders } from "#server/db/schema.ts";
import { FLOW_STATS_TTL_SECONDS, MOST_POPULAR_MINIMUM } from "#server/quiz/flow-stats.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The "Most popular" badge (issue 18): the plan on sale with the most paid first orders of the last
 * 30 days, counted by the server from our own orders and served with the plans, only from a
 * minimum up; never written in content/products.
 */
let t: TestApp;
let customerId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const [me] = await t.db.insert(customers).values({ email: "popular-buyer@example.org" }).returning();
  customerId = me!.id;
});
afterAll(async () => {
  await t?.close();
  await closeSharedDatabase();
});

/** `n` orders of a plan, paid `daysAgo` days before now unless told otherwise. */
async function sell(productId: string, n: number, over: { daysAgo?: number; kind?: "initial" | "renewal"; status?: "paid" | "pending" | "refunded" } = {}) {
  const paidAt = new Date(t.clock.now().getTime() - (over.daysAgo ?? 1) * DAY);
  await t.db.insert(orders).values(
    Array.from({ length: n }, () => ({
      customerId,
      productId,
      provider: "max_pay" as const,
      kind: over.kind ?? ("initial" as const),
      currency: "USD",
      amount: 1999,
      status: over.status ?? ("paid" as const),
      paidAt: over.status === "pending" ? null : paidAt,
    })),
  );
}

/** The plans as the pricing page and the pre-checkout get them, after the ten-minute cache has passed. */
async function popularNow() {
  t.clock.advance(FLOW_STATS_TTL_SECONDS + 1);
  const res = await client(t.app).get("/api/payment/products/paypro?currency=USD");
  expect(res.statusCode).toBe(200);
  const plans = res.json<{ data: { id: string; most_popular: boolean; badge: string | null }[] }>().data;
  return { popular: plans.filter((p) => p.most_popular).map((p) => p.id), badges: plans.map((p) => p.badge) };
}

describe("the most popular plan", () => {
  it("is none below the minimum, then the plan with the most paid first orders of the last 30 days", async () => {
    expect(MOST_POPULAR_MINIMUM).toBe(20);
    // No plan carries a hand-written popularity badge.
    expect((await popularNow()).badges).not.toContain("Most popular");
    expect((await popularNow()).popular).toEqual([]);

    // What does not count: older than 30 days, renewals, unpaid and refunded orders.
    await sell("quarter_3", 40, { daysAgo: 31 });
    await sell("quarter_3", 40, { kind: "renewal" });
    await sell("quarter_3", 30, { status: "pending" });
    await sell("quarter_3", 30, { status: "refunded" });
    await sell("month_1", MOST_POPULAR_MINIMUM - 1);
    await sell("trial_7d", 10);
    expect((await popularNow()).popular).toEqual([]);

    await sell("month_1", 1);
    expect((await popularNow()).popular).toEqual(["month_1"]);

    // The lead changes hands: the other plan is the one marked, never two.
    await sell("trial_7d", 12);
    expect((await popularNow()).popular).toEqual(["trial_7d"]);
    // A tie names no plan.
    await sell("month_1", 2);
    expect((await popularNow()).popular).toEqual([]);
  });

  it("is counted at most every ten minutes (like the social-proof line)", async () => {
    t.clock.advance(FLOW_STATS_TTL_SECONDS + 1);
    const before = (await client(t.app).get("/api/payment/products/paypro?currency=USD")).json<{ data: { id: string; most_popular: boolean }[] }>().data;
    await sell("quarter_3", 60);
    const cached = (await client(t.app).get("/api/payment/products/paypro?currency=USD")).json<{ data: { id: string; most_popular: boolean }[] }>().data;
    expect(cached).toEqual(before);
    expect((await popularNow()).popular).toEqual(["quarter_3"]);
  });
});

describe("content cannot claim popularity", () => {
  it("a plan's badge saying it is popular is refused, with the reason", () => {
    const plan = {
      id: "trial_7d",
      name: "7-day trial",
      summary: "Try everything for 7 days for a small fee.",
      includes: ["Your full report"],
      trial_days: 7,
      period: "month",
      order: 1,
      prices: Object.fromEntries(["USD", "EUR", "GBP", "CAD", "AUD"].map((c) => [c, { first: 199, renewal: 2999 }])),
    };
    for (const badge of ["Most popular", "Bestseller", "Our favourite"]) {
      const parsed = productContent.safeParse({ ...plan, badge });
      expect(parsed.success, badge).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/may not claim popularity/);
    }
    expect(productContent.safeParse({ ...plan, badge: "Best value" }).success).toBe(true);
  });
});
