import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { staffAndCustomer } from "../helpers/console-users.ts";
import { checkout, deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { takeFlow, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The funnel figures cut by two dimensions at once and filtered to a segment (ADR 065), over HTTP as
 * the console asks for them, on the real stress funnel and its offer experiment: each count is
 * exact against the visitors driven here.
 */
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
const FLOW = "stress_level";
let t: TestApp;
let staff: Browser;
let n = 0;

/** A visitor of the test: their variant, their source, and how far they go. */
type Visitor = { variant: "trial_first" | "quarter_first"; source: "meta" | "google"; until: "start" | "email" | "paid" };

/** What each variant's visitor buys: the plan its offer puts first. */
const PLAN = { trial_first: "trial_7d", quarter_first: "quarter_3" } as const;

async function visit(v: Visitor): Promise<void> {
  const browser = client(t.app, nextIp(), t.origin);
  const start = { variants: { offer_order: v.variant }, attribution: { utm: { utm_source: v.source, utm_campaign: `${v.source}-dec` } } };
  if (v.until === "start") {
    const res = await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: t.flows.find((f) => f.code === FLOW)!.hash, ...start });
    expect(res.statusCode, res.body).toBe(201);
    return;
  }
  const sessionId = await takeFlow(t, browser, FLOW, `cuts${++n}@example.com`, start);
  if (v.until === "email") return;
  const { orderId } = await checkout({ browser, sessionId, customerId: "", email: "" }, PLAN[v.variant]);
  expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
}

const VISITORS: Visitor[] = [
  { variant: "trial_first", source: "meta", until: "start" },
  { variant: "trial_first", source: "meta", until: "email" },
  { variant: "trial_first", source: "meta", until: "paid" },
  { variant: "trial_first", source: "google", until: "email" },
  { variant: "trial_first", source: "google", until: "paid" },
  { variant: "quarter_first", source: "meta", until: "start" },
  { variant: "quarter_first", source: "meta", until: "paid" },
  { variant: "quarter_first", source: "google", until: "paid" },
];

let window: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ operatorToken: OPERATOR });
  ({ staff } = await staffAndCustomer(t, OPERATOR));
  const since = new Date(t.clock.now().getTime() - 60_000);
  for (const v of VISITORS) await visit(v);
  window = { since: since.toISOString(), until: new Date(t.clock.now().getTime() + 60_000).toISOString() };
}, 120_000);
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

async function figures(query: Record<string, string>): Promise<FunnelReportView> {
  const res = await staff.get(`/api/admin/funnels/${FLOW}/report?${new URLSearchParams({ ...window, ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FunnelReportView }>().data;
}

const cells = (r: FunnelReportView) => r.groups.map((g) => [g.group, g.visitors, g.email, g.paid, g.revenue]);

describe("figures cut by two dimensions and filtered to a segment (ADR 065)", () => {
  it("variant × utm_source: each cell counts exactly its visitors, and each variant is compared within its source", async () => {
    const r = await figures({ by: "variant:offer_order", then_by: "utm_source" });
    expect(r.groupedBy).toBe("variant of offer_order × utm_source");
    expect(r.visitors).toBe(8);
    // The larger source first; inside it the experiment's declared order.
    expect(cells(r)).toEqual([
      ["trial_first × meta", 3, 2, 1, 199],
      ["quarter_first × meta", 2, 1, 1, 4999],
      ["trial_first × google", 2, 2, 1, 199],
      ["quarter_first × google", 1, 1, 1, 4999],
    ]);
    expect(r.comparisons.map((c) => [c.group, c.against])).toEqual([
      ["quarter_first × meta", "trial_first × meta"],
      ["quarter_first × google", "trial_first × google"],
    ]);
    expect(r.comparisons[0]!.paid.difference).toBeCloseTo(1 / 2 - 1 / 3, 10);
    // An offer experiment is judged on revenue per visitor, and the figures say so.
    expect(r.notes.join(" ")).toContain("judge it on revenue per visitor after refunds and renewals");
  });

  it("variant × utm_campaign groups by the campaign as the second value; source × variant compares the variants within each source", async () => {
    const r = await figures({ by: "variant:offer_order", then_by: "utm_campaign" });
    expect(cells(r).map(([group, visitors]) => [group, visitors])).toEqual([
      ["trial_first × meta-dec", 3],
      ["quarter_first × meta-dec", 2],
      ["trial_first × google-dec", 2],
      ["quarter_first × google-dec", 1],
    ]);
    const bySource = await figures({ by: "utm_source", then_by: "variant:offer_order" });
    expect(cells(bySource).map(([group, visitors]) => [group, visitors])).toEqual([
      ["meta × trial_first", 3],
      ["google × trial_first", 2],
      ["meta × quarter_first", 2],
      ["google × quarter_first", 1],
    ]);
    expect(bySource.comparisons.map((c) => [c.group, c.against])).toEqual([
      ["google × trial_first", "meta × trial_first"],
      ["google × quarter_first", "meta × quarter_first"],
    ]);
    expect(bySource.notes.join(" ")).toContain("judge it on revenue per visitor");
  });

  it("a segment counts only its runs, in the groups and in the steps", async () => {
    const all = await figures({ by: "variant:offer_order" });
    const meta = await figures({ by: "variant:offer_order", segment: "utm_source:meta" });
    expect(meta.segment).toBe("utm_source = meta");
    expect(meta.visitors).toBe(5);
    expect(cells(meta)).toEqual([
      ["trial_first", 3, 2, 1, 199],
      ["quarter_first", 2, 1, 1, 4999],
    ]);
    const answered = (r: FunnelReportView, id: string) => r.steps.find((s) => s.id === id)!.answered;
    expect(answered(all, "email")).toBe(6);
    expect(answered(meta, "email")).toBe(3);
    expect(meta.steps[0]!.saw).toBe(5);
    expect((await figures({ segment: "utm_source:(none)" })).visitors).toBe(0);
  });

  it("refuses, with a clear 400, a second split alone, the same split twice, or a malformed segment", async () => {
    const refused: Record<string, string>[] = [
      { then_by: "utm_source" },
      { by: "utm_source", then_by: "utm_source" },
      { segment: "utm_medium:cpc" },
      { segment: "utm_source:" },
    ];
    for (const query of refused) {
      const res = await staff.get(`/api/admin/funnels/${FLOW}/report?${new URLSearchParams({ ...window, ...query })}`);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    const unknown = await staff.get(`/api/admin/funnels/${FLOW}/report?${new URLSearchParams({ ...window, by: "utm_source", then_by: "variant:nope" })}`);
    expect(unknown.json()).toMatchObject({ error: { code: "unknown_experiment" } });
  });
});
