import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlowListing, FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { checkoutRefusals } from "#server/db/schema.ts";
import { CHECKOUT_LIMIT } from "#server/routes/payments/checkout-start.ts";
import { buyer, checkout, deliver, maxPay, nextIp, paymentFor, paymentsTestApp, type Buyer } from "../helpers/payments.ts";
import { answerAll, FLOW, flowHash, startQuiz, type Browser } from "../helpers/quiz.ts";
import { TEST_START } from "../helpers/fake-clock.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";
import { staffAndCustomer } from "../helpers/console-users.ts";

/**
 * The growth console's figures over HTTP (docs/analytics.md): staff only, read from the database
 * the app writes at the moment they are asked for, on PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
let t: TestApp;
let staff: Browser;
let customer: Browser;
let n = 0;
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
/** Around the test app's clock, which stamps the runs (not the wall clock). */
const started = new Date(TEST_START.getTime() - 60_000);
const window = { since: started.toISOString(), until: new Date(TEST_START.getTime() + 3_600_000).toISOString() };
const REPORT = `/api/admin/funnels/${FLOW}/report`;

async function report(query: Record<string, string> = {}): Promise<FunnelReportView> {
  const res = await staff.get(`${REPORT}?${new URLSearchParams({ ...window, ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FunnelReportView }>().data;
}

/** A visitor who finished the quiz in a browser at `ip` (sharing an address with others, as behind one office router). */
async function finishedAt(ip: string): Promise<Buyer> {
  const browser = client(t.app, ip, t.origin);
  const session = await startQuiz(t, browser);
  const email = `visitor${++n}@example.com`;
  await answerAll(t, browser, session.id, email);
  expect((await browser.post(`/api/quiz/sessions/${session.id}/complete`, {})).statusCode).toBe(200);
  return { browser, sessionId: session.id, customerId: "", email };
}

const pay = async (b: Buyer, outcome: "success" | "decline" = "success") => {
  const { orderId } = await checkout(b, "trial_7d");
  expect((await deliver(t, maxPay(await paymentFor(t, orderId, { outcome })))).statusCode).toBe(200);
};

const total = (r: FunnelReportView, key: "declined" | "refused" | "droppedOff") => r.steps.reduce((a, s) => a + s[key], 0);

beforeAll(async () => {
  t = await paymentsTestApp({ operatorToken: OPERATOR });
  ({ staff, customer } = await staffAndCustomer(t, OPERATOR));
}, 180_000);
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("the funnel figures are for staff only", () => {
  it.each(["/api/admin/funnels", REPORT, `${REPORT}?format=csv`])("%s: 401 for an anonymous visitor, 403 for a customer", async (url) => {
    expect((await client(t.app).get(url)).statusCode).toBe(401);
    const refused = await customer.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("staff_only");
  });
});

describe("live figures", () => {
  it("each report counts exactly the visitors driven so far, and those that paid, while they arrive", async () => {
    const before = await report();
    let visitors = before.visitors;
    let paid = before.groups.reduce((a, g) => a + g.paid, 0);
    for (let i = 0; i < 6; i++) {
      const b = await buyer(t, `live${i}@example.com`);
      visitors++;
      if (i % 2 === 1) {
        await pay(b);
        paid++;
      }
      const r = await report();
      expect(r.visitors).toBe(visitors);
      expect(r.groups.reduce((a, g) => a + g.paid, 0)).toBe(paid);
      expect(r.groups.reduce((a, g) => a + g.email, 0)).toBe(visitors);
      expect(r.trend.reduce((a, d) => a + d.visitors, 0)).toBe(visitors);
      expect(r.trend.reduce((a, d) => a + d.paid, 0)).toBe(paid);
      expect(r.steps.find((s) => s.id === "intro")!.saw).toBe(visitors);
    }
  }, 120_000);

  it("splits by the experiment's variants in the flow's order, with a daily trend of every day in the window", async () => {
    const r = await report({ by: "variant:result-page", since: new Date(TEST_START.getTime() - 3 * 86_400_000).toISOString() });
    expect(r.groupedBy).toBe("variant of result-page");
    expect(r.groups.map((g) => g.group).filter((g) => g === "a" || g === "b")).toEqual(r.groups.map((g) => g.group).slice(0, 2));
    expect(r.groups.reduce((a, g) => a + g.visitors, 0)).toBe(r.visitors);
    // Three days back to an hour ahead: four UTC days, or five across a midnight; the quiet ones are zeros.
    expect(r.trend.length).toBeGreaterThanOrEqual(4);
    expect(r.trend[0]).toMatchObject({ visitors: 0, paid: 0, revenue: 0 });
    expect(r.trend.map((d) => d.day)).toEqual([...r.trend.map((d) => d.day)].sort());
    // Steps are named as visitors read them.
    expect(r.steps.find((s) => s.id === "stage")!.title).toBe("Where are you in your career?");
  });
});

describe("payments that did not go through are not drop-off", () => {
  it("a declined sandbox payment shows as declined, at the step the run ended on", async () => {
    const before = await report();
    await pay(await buyer(t, "declined@example.com"), "decline");
    const after = await report();
    const group = after.groups[0]!;
    expect(group.declined - before.groups[0]!.declined).toBe(1);
    expect(group.paid).toBe(before.groups[0]!.paid);
    expect(total(after, "declined") - total(before, "declined")).toBe(1);
    expect(total(after, "droppedOff")).toBe(total(before, "droppedOff"));
  });

  it("a checkout refused by the rate limit shows as refused, once however often it was refused, and only for the caller's own run", async () => {
    const ip = nextIp();
    // Someone on the same address uses up the checkout's limit…
    const flooder = await finishedAt(ip);
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++) await checkout(flooder, "trial_7d");
    const before = await report();
    // …so the next visitor there is refused, twice.
    const refused = await finishedAt(ip);
    for (let i = 0; i < 2; i++) {
      const res = await refused.browser.post("/api/checkout/start", { product_id: "trial_7d", session_id: refused.sessionId, currency: "USD" });
      expect(res.statusCode).toBe(429);
    }
    // A refused request naming someone else's run, or a run that does not exist, marks nothing (and is still a 429).
    const other = await buyer(t, "other@example.com");
    for (const session_id of [other.sessionId, "00000000-0000-4000-8000-000000000000"]) {
      expect((await flooder.browser.post("/api/checkout/start", { product_id: "trial_7d", session_id, currency: "USD" })).statusCode).toBe(429);
    }
    const [rows] = await t.db.select({ n: count() }).from(checkoutRefusals);
    expect(rows!.n).toBe(1);
    const [row] = await t.db.select().from(checkoutRefusals).where(eq(checkoutRefusals.quizSessionId, refused.sessionId));
    expect(row?.reason).toBe("rate_limited");

    const after = await report();
    expect(after.groups[0]!.refused - before.groups[0]!.refused).toBe(1);
    expect(total(after, "refused") - total(before, "refused")).toBe(1);
    // The other buyer left (no reason known); the refused visitor is not counted with them.
    expect(total(after, "droppedOff") - total(before, "droppedOff")).toBe(1);
  });
});

describe("every refusal at checkout is counted as refused, with its reason", () => {
  it("a checkout refused because the quiz is not complete shows as refused (quiz not complete), not as left, in the API and the CSV", async () => {
    const before = await report();
    const at = (r: FunnelReportView) => r.steps.find((s) => s.id === "analyzing")!;
    // A visitor of a funnel whose quiz is never completed: every answer given, the e-mail too, then the payment.
    const browser = client(t.app, nextIp(), t.origin);
    const session = await startQuiz(t, browser);
    await answerAll(t, browser, session.id, `incomplete${++n}@example.com`);
    expect((await browser.post(`/api/quiz/sessions/${session.id}/events`, { type: "view", step_id: "analyzing" })).statusCode).toBe(202);
    for (let i = 0; i < 2; i++) {
      const res = await browser.post("/api/checkout/start", { product_id: "trial_7d", session_id: session.id, currency: "USD" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("quiz_incomplete");
    }
    const [row] = await t.db.select().from(checkoutRefusals).where(eq(checkoutRefusals.quizSessionId, session.id));
    expect(row?.reason).toBe("quiz_incomplete");

    const after = await report();
    expect(at(after).refused - at(before).refused).toBe(1);
    expect(at(after).droppedOff).toBe(at(before).droppedOff);
    const runs = (r: FunnelReportView) => at(r).refusals.find((c) => c.reason === "quiz_incomplete")?.runs ?? 0;
    expect(runs(after) - runs(before)).toBe(1);
    expect(after.groups[0]!.refusals.find((c) => c.reason === "quiz_incomplete")?.runs).toBeGreaterThanOrEqual(1);

    const csv = await staff.get(`${REPORT}?${new URLSearchParams({ ...window, format: "csv" })}`);
    const line = csv.body.split("\r\n").find((l) => l.includes(",analyzing,"))!;
    expect(line).toContain(`,${at(after).refused},quiz not complete ${runs(after)},`);
  });
});

describe("what the report refuses", () => {
  const status = async (url: string) => {
    const res = await staff.get(url);
    return {
      status: res.statusCode,
      code: res.json<{ error?: { code: string; message: string } }>().error?.code,
      message: res.json<{ error?: { message: string } }>().error?.message,
    };
  };

  it("404 for a flow that is not loaded", async () => {
    expect(await status("/api/admin/funnels/no_such_flow/report")).toMatchObject({ status: 404 });
  });

  it("400 for an experiment the flow does not have, naming its experiments", async () => {
    const r = await status(`${REPORT}?by=variant:headline`);
    expect(r).toMatchObject({ status: 400, code: "unknown_experiment" });
    expect(r.message).toContain("result-page");
  });

  it("400 for a window that ends before it starts, one longer than 400 days, and a query it does not know", async () => {
    const at = (since: string, until: string) => `${REPORT}?${new URLSearchParams({ since, until })}`;
    expect(await status(at("2026-03-02T00:00:00Z", "2026-03-01T00:00:00Z"))).toMatchObject({ status: 400, code: "invalid_window" });
    expect(await status(at("2026-03-01T00:00:00Z", "2026-03-01T00:00:00Z"))).toMatchObject({ status: 400, code: "invalid_window" });
    expect(await status(at("2024-01-01T00:00:00Z", "2026-03-01T00:00:00Z"))).toMatchObject({ status: 400, code: "invalid_window" });
    expect((await status(`${REPORT}?since=yesterday`)).status).toBe(400);
    expect((await status(`${REPORT}?by=country`)).status).toBe(400);
    expect((await status(`${REPORT}?format=xlsx`)).status).toBe(400);
    expect((await status(`${REPORT}?limit=5`)).status).toBe(400);
  });
});

describe("the CSV download", () => {
  it("is the step table and the group table under a line each, quoted so a comma or a quote survives", async () => {
    // A campaign named with a comma and quotes, as a link could carry it.
    const browser = client(t.app, nextIp(), t.origin);
    const campaign = 'spring, "new" =1';
    const res = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t), attribution: { utm: { utm_campaign: campaign } } });
    expect(res.statusCode, res.body).toBe(201);

    const csv = await staff.get(`${REPORT}?${new URLSearchParams({ ...window, by: "utm_campaign", format: "csv" })}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="${FLOW}-${window.since.slice(0, 10)}-${window.until.slice(0, 10)}.csv"`);
    const json = await report({ by: "utm_campaign" });
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe(`Steps of A server test quiz (${FLOW}) for the runs started from ${json.since} to ${json.until}`);
    expect(lines[1]).toBe("#,step,title,kind,saw,answered,dropped off,declined,refused,refused for,median seconds");
    const stage = json.steps.findIndex((s) => s.id === "stage");
    const s = json.steps[stage]!;
    expect(lines[2 + stage]).toBe(
      `${stage + 1},stage,Where are you in your career?,${s.kind},${s.saw},${s.answered},${s.droppedOff},${s.declined},${s.refused},,${s.medianSeconds ?? ""}`,
    );
    const groupsAt = lines.indexOf("Groups by utm_campaign");
    expect(groupsAt).toBe(2 + json.steps.length + 1);
    expect(lines[groupsAt + 1]).toMatch(/^group,visitors,e-mail,checkout,paid,declined,refused,refused for,revenue \(USD\),/);
    // The campaign's cell: quoted, its quotes doubled, a leading sign made inert only at the start (none here).
    expect(lines.find((l) => l.startsWith('"spring, ""new"" =1",1,'))).toBeDefined();
    // The group table ends at the empty line before the ad-spend table (by UTM campaign, ADR 059).
    expect(lines.slice(groupsAt + 2, lines.indexOf("", groupsAt + 2))).toHaveLength(json.groups.length);
    expect(lines[lines.indexOf("", groupsAt + 2) + 1]).toMatch(/^Ad spend by utm_campaign/);
  });
});

describe("the flows listing", () => {
  it("lists every loaded flow with its live hash, when it went live, runs per version and per variant, and its steps in words", async () => {
    const res = await staff.get("/api/admin/funnels");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    const flows = res.json<{ data: FlowListing[] }>().data;
    expect(flows.map((f) => f.code)).toEqual(t.flows.map((f) => f.code));
    const quiz = flows.find((f) => f.code === FLOW)!;
    const r = await report({ by: "variant:result-page" });
    expect(quiz).toMatchObject({ hash: flowHash(t), title: "A server test quiz", report: t.flows.find((f) => f.code === FLOW)!.report });
    expect(quiz.versions).toEqual([expect.objectContaining({ hash: flowHash(t), runs: r.visitors })]);
    expect(quiz.liveSince).toBe(quiz.versions[0]!.firstRun);
    expect(new Date(quiz.liveSince!).getTime()).toBeGreaterThanOrEqual(started.getTime());
    const experiment = quiz.experiments.find((e) => e.id === "result-page")!;
    expect(experiment.variants.map((v) => [v.id, v.weight, v.runs])).toEqual(r.groups.filter((g) => g.group !== "(none)").map((g) => [g.group, 1, g.visitors]));
    // What each variant changes, for the console's preview links: b moves the result page, a leaves every step as declared.
    expect(experiment.variants.map((v) => [v.id, v.changes])).toEqual([
      ["a", []],
      ["b", ["result"]],
    ]);
    expect(quiz.steps.find((s) => s.id === "email")).toEqual({ id: "email", kind: "email", title: "Where should we send your profile?" });
  });
});
