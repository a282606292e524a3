import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelReport } from "#server/analytics/funnel-report.ts";
import { renderFunnelHtml } from "#server/analytics/render/render-funnel-html.ts";
import { renderFunnelText } from "#server/analytics/render/render-funnel-text.ts";
import { quizSessionSteps } from "#server/db/schema.ts";
import { visitFunnel, type FunnelVisitor } from "../helpers/funnel-visitor.ts";
import { nextIp, paymentsTestApp } from "../helpers/payments.ts";
import { answer, FLOW, flowHash, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let n = 0;
const words = (text: string | { code: string }) => (typeof text === "string" ? text : text.code);

// Variant a: 6 visitors, 4 reach the e-mail, 2 pay (one refunded); variant b: 4 visitors, 3 pay (one renews).
const VISITORS: FunnelVisitor[] = [
  { variant: "a", source: "facebook", until: "intro" },
  { variant: "a", source: "facebook", until: "questions" },
  { variant: "a", source: "facebook", until: "email" },
  { variant: "a", source: "google", until: "checkout" },
  { variant: "a", source: "google", until: "paid" },
  { variant: "a", source: "google", until: "refunded" },
  { variant: "b", source: "facebook", until: "questions" },
  { variant: "b", source: "facebook", until: "paid" },
  { variant: "b", source: "google", until: "paid" },
  { variant: "b", source: "google", until: "renewed" },
];

let since: Date;
beforeAll(async () => {
  t = await paymentsTestApp();
  since = new Date(t.clock.now().getTime() - 60_000);
  for (const v of VISITORS) await visitFunnel(t, v, `funnel${++n}@example.com`);
}, 120_000);
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const report = (groupBy: Parameters<typeof funnelReport>[2]["groupBy"]) =>
  funnelReport(
    t.db,
    t.flows.find((f) => f.code === FLOW)!,
    { flow: FLOW, since, until: new Date(t.clock.now().getTime() + 60_000), groupBy },
    words,
  );

describe("the funnel report", () => {
  it("counts each variant's visitors, e-mails, checkouts, payments, refunds and renewals, and its money per visitor", async () => {
    const r = await report({ experiment: "result-page" });
    expect(r.visitors).toBe(10);
    expect(r.currency).toBe("USD");
    expect(r.groups.map((g) => g.group)).toEqual(["a", "b"]);
    const [a, b] = r.groups;
    expect(a).toMatchObject({ visitors: 6, email: 4, checkout: 3, paid: 2, revenue: 2 * 199, refunds: 1, refundAmount: 199, renewals: 0 });
    expect(b).toMatchObject({ visitors: 4, email: 3, checkout: 3, paid: 3, revenue: 3 * 199, refunds: 0, renewals: 1, renewalAmount: 2999 });
    expect(a!.revenuePerVisitor).toBeCloseTo((2 * 199) / 6, 6);
    expect(b!.revenuePerVisitor).toBeCloseTo((3 * 199) / 4, 6);
    // Nothing is 30 days old yet: no 30-day revenue to show.
    expect(a!.matureVisitors).toBe(0);
    expect(a!.revenuePerVisitor30d).toBeNull();
  });

  it("tests b against a, and says the sample is too small to conclude", async () => {
    const r = await report({ experiment: "result-page" });
    expect(r.comparisons).toHaveLength(1);
    const c = r.comparisons[0]!;
    expect(c).toMatchObject({ group: "b", against: "a" });
    expect(c.paid.difference).toBeCloseTo(3 / 4 - 2 / 6, 10);
    expect(c.paid.valid).toBe(false);
    expect(c.revenuePerVisitor.valid).toBe(false);
    expect(r.notes.join(" ")).toMatch(/too small/);
  });

  it("follows the funnel step by step: who saw each step, answered it, and left there", async () => {
    const r = await report(null);
    const step = (id: string) => r.steps.find((s) => s.id === id)!;
    expect(r.steps.map((s) => s.id)).toEqual(t.flows.find((f) => f.code === FLOW)!.steps.map((s) => s.id));
    expect(step("intro")).toMatchObject({ saw: 10, answered: 9, droppedOff: 1 });
    expect(step("likes-building")).toMatchObject({ saw: 9, answered: 9, droppedOff: 0 });
    // Two saw the e-mail step and left; every other visitor gave an address.
    expect(step("email")).toMatchObject({ saw: 9, answered: 7, droppedOff: 2 });
    expect(step("email").medianSeconds).toBeGreaterThanOrEqual(0);
    // Two gave an address but never paid; the five who paid reached the result, which is finishing, not leaving.
    expect(step("analyzing")).toMatchObject({ saw: 7, droppedOff: 2 });
    expect(step("result")).toMatchObject({ saw: 5, droppedOff: 0 });
    expect(r.steps.reduce((sum, s) => sum + s.droppedOff, 0)).toBe(5);
  });

  it("groups by UTM source, and counts only runs that started in the window", async () => {
    const r = await report({ utm: "utm_source" });
    expect(Object.fromEntries(r.groups.map((g) => [g.group, [g.visitors, g.paid]]))).toEqual({ facebook: [5, 1], google: [5, 4] });
    const none = await funnelReport(
      t.db,
      t.flows.find((f) => f.code === FLOW)!,
      { flow: FLOW, since: new Date(0), until: since, groupBy: null },
      words,
    );
    expect(none.visitors).toBe(0);
    expect(none.steps.every((s) => s.saw === 0)).toBe(true);
  });

  it("reads as tables and as one self-contained page", async () => {
    const r = await report({ experiment: "result-page" });
    const text = renderFunnelText(r);
    expect(text).toContain("Funnel report:");
    // visitors, e-mail, checkout, paid, declined, refused, revenue per visitor
    expect(text).toMatch(/a\s+6\s+4 \(66\.7%\)\s+3 \(50\.0%\)\s+2 \(33\.3%\)\s+0\s+0\s+US\$0\.66/);
    expect(text).toContain("two-proportion z-test (pooled)");
    expect(text).toContain("too few to conclude");
    const html = renderFunnelHtml(r);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
    // The daily trend is the one chart; the funnel and the groups are bars of the page's width.
    expect(html.match(/<svg /g)).toHaveLength(1);
    expect(html).toContain('<small class="id">likes-building</small>');
    expect(html).toContain("Welch&#39;s t-test");
  });
  it("keeps each run's first view and first answer of a step, however often it comes back to it", async () => {
    const browser: Browser = client(t.app, nextIp(), t.origin);
    const id = (await browser.post("/api/quiz/sessions", { flow_code: FLOW, flow_hash: flowHash(t) })).json<{ data: { id: string } }>().data.id;
    const view = () => browser.post(`/api/quiz/sessions/${id}/events`, { type: "view", step_id: "likes-building" });
    const firsts = async () =>
      (
        await t.db
          .select()
          .from(quizSessionSteps)
          .where(and(eq(quizSessionSteps.sessionId, id), eq(quizSessionSteps.stepId, "likes-building")))
      )[0]!;
    expect((await view()).statusCode).toBe(202);
    expect((await answer(t, browser, id, "likes-building", 4)).statusCode).toBe(200);
    const first = await firsts();
    expect(first.firstViewedAt).not.toBeNull();
    expect(first.firstAnsweredAt!.getTime()).toBeGreaterThanOrEqual(first.firstViewedAt!.getTime());
    // Back to the question a minute later, and a new answer: the first ones stay.
    t.clock.advance(60);
    expect((await view()).statusCode).toBe(202);
    expect((await answer(t, browser, id, "likes-building", 2)).statusCode).toBe(200);
    expect(await firsts()).toEqual(first);
  });
});
