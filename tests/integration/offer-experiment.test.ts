import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRefusals, orders } from "#server/db/schema.ts";
import { buyer, nextIp } from "../helpers/payments.ts";
import { sessionRow, takeFlow, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * A flow's offer (ADR 065) on the real stress funnel, whose experiment `offer_order` puts the 7-day
 * trial first (the flow's offer) or the 3 months first (its variant's): the server serves each
 * session its variant's plans in order with the preselected one, and refuses a checkout of a plan
 * outside the session's offer. Beside it the real burnout funnel, which has no offer, and the
 * payment tests' fixture quiz with an offer that leaves the trial out, for the refusal.
 */
let t: TestApp;
let dir: string;
let n = 0;
const email = () => `offer${++n}@example.com`;

type Plan = { id: string; preselected: boolean; first_amount: number };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pathwise-offer-flows-"));
  await copyFile("flows/stress-level.yaml", join(dir, "stress-level.yaml"));
  await copyFile("flows/burnout.yaml", join(dir, "burnout.yaml"));
  // The payment tests' fixture quiz, offering the 3 months and the month only.
  const fixture = await readFile("tests/fixtures/flows/server-quiz.yaml", "utf8");
  await writeFile(join(dir, "server-quiz.yaml"), `${fixture}\noffer:\n  plans: [quarter_3, month_1]\n`);
  t = await createTestApp({ flows: { dir } });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(dir, { recursive: true, force: true });
});

const plansOf = async (browser: Browser, sessionId?: string) => {
  const res = await browser.get(`/api/payment/products/paypro?currency=USD${sessionId ? `&session_id=${sessionId}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Plan[] }>().data;
};

/** New visitors take the stress funnel to its pre-checkout until each variant of offer_order has one. */
async function oneVisitorPerVariant(): Promise<Map<string, { browser: Browser; sessionId: string }>> {
  const found = new Map<string, { browser: Browser; sessionId: string }>();
  // Each visitor lands in either variant by half: 40 visitors all in one has a chance of 2 in 10^12.
  for (let i = 0; i < 40 && found.size < 2; i++) {
    const browser = client(t.app, nextIp(), t.origin);
    const sessionId = await takeFlow(t, browser, "stress_level", email());
    const variant = (await sessionRow(t, sessionId)).variants.offer_order!;
    if (!found.has(variant)) found.set(variant, { browser, sessionId });
  }
  return found;
}

describe("an offer experiment on one funnel (ADR 065)", () => {
  it("splits visitors, and each variant's session gets its plans in its order with its preselected plan", async () => {
    const visitors = await oneVisitorPerVariant();
    expect([...visitors.keys()].sort()).toEqual(["quarter_first", "trial_first"]);

    const trial = await plansOf(visitors.get("trial_first")!.browser, visitors.get("trial_first")!.sessionId);
    expect(trial.map((p) => p.id)).toEqual(["trial_7d", "month_1", "quarter_3"]);
    expect(trial.filter((p) => p.preselected).map((p) => p.id)).toEqual(["trial_7d"]);

    const quarter = await plansOf(visitors.get("quarter_first")!.browser, visitors.get("quarter_first")!.sessionId);
    expect(quarter.map((p) => p.id)).toEqual(["quarter_3", "month_1", "trial_7d"]);
    expect(quarter.filter((p) => p.preselected).map((p) => p.id)).toEqual(["quarter_3"]);
    // The server's prices, whatever the order.
    expect(quarter.find((p) => p.id === "quarter_3")!.first_amount).toBe(4999);

    // The preselected plan is one the checkout takes.
    const { browser, sessionId } = visitors.get("quarter_first")!;
    const started = await browser.post("/api/checkout/start", { product_id: "quarter_3", session_id: sessionId, currency: "USD" });
    expect(started.statusCode, started.body).toBe(200);
  });

  it("refuses a checkout of a plan outside the session's offer (409 plan_not_offered) and makes no order", async () => {
    const { browser, sessionId } = await buyer(t, email());
    expect((await plansOf(browser, sessionId)).map((p) => p.id)).toEqual(["quarter_3", "month_1"]);

    const refused = await browser.post("/api/checkout/start", { product_id: "trial_7d", session_id: sessionId, currency: "USD" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: "plan_not_offered" } });
    expect(refused.json<{ error: { message: string } }>().error.message).toContain("quarter_3, month_1");
    const [made] = await t.db.select({ n: count() }).from(orders).where(eq(orders.quizSessionId, sessionId));
    expect(made!.n).toBe(0);
    // Counted as a refusal in the funnel figures, with its reason.
    const noted = await t.db.select().from(checkoutRefusals).where(eq(checkoutRefusals.quizSessionId, sessionId));
    expect(noted.map((r) => r.reason)).toEqual(["plan_not_offered"]);

    const offered = await browser.post("/api/checkout/start", { product_id: "month_1", session_id: sessionId, currency: "USD" });
    expect(offered.statusCode, offered.body).toBe(200);
  });

  it("leaves another funnel's plans as they were: every plan on sale, in the catalogue's order, none preselected", async () => {
    const browser = client(t.app, nextIp(), t.origin);
    const sessionId = await takeFlow(t, browser, "burnout_cbi", email());
    const theirs = await plansOf(browser, sessionId);
    expect(theirs).toEqual(await plansOf(browser));
    expect(theirs.map((p) => p.id)).toEqual(["trial_7d", "month_1", "quarter_3"]);
    expect(theirs.some((p) => p.preselected)).toBe(false);
    const started = await browser.post("/api/checkout/start", { product_id: "trial_7d", session_id: sessionId, currency: "USD" });
    expect(started.statusCode, started.body).toBe(200);
  });

  it("answers 404 for a session that is not the caller's, and a 400 for a malformed one, without listing plans", async () => {
    const owner = client(t.app, nextIp(), t.origin);
    const sessionId = await takeFlow(t, owner, "stress_level", email());
    const stranger = client(t.app, nextIp(), t.origin);
    const res = await stranger.get(`/api/payment/products/paypro?session_id=${sessionId}`);
    expect(res.statusCode).toBe(404);
    expect((await stranger.get("/api/payment/products/paypro?session_id=not-a-uuid")).statusCode).toBe(400);
  });
});
