import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportDocument } from "#schemas/report/document.ts";
import { customers } from "#server/db/schema.ts";
import { nextIp } from "../helpers/payments.ts";
import { takeFlow } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Issue 27: a refund takes back what it paid for (ADR 052). A visitor buys a trial in the sandbox,
 * takes a second assessment that the plan includes, reads both; the sandbox console then sends the
 * provider's signed refund notification to our webhook over HTTP, as the provider would. The refund
 * e-mail says the reports are locked again, and every way of reading them agrees: the account's list,
 * the account's report and its PDF, the result page and its PDF. The free summary stays.
 */
let t: TestApp;
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  // The sandbox posts its notifications to our own webhook over HTTP, so this app really listens.
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** A form posted on the sandbox's pages, from the sandbox's own origin (as the browser would send it). */
const sandboxForm = (path: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: t.origin },
    payload: new URLSearchParams(fields).toString(),
  });

/** Pays a checkout on the sandbox's hosted page with "Approve payment". */
async function approve(browser: Browser, sessionId: string, product: string) {
  const started = await browser.post("/api/checkout/start", { product_id: product, session_id: sessionId, currency: "USD" });
  expect(started.statusCode, started.body).toBe(200);
  const { order_id, url } = started.json<{ data: { order_id: string; url: string } }>().data;
  const hosted = new URL(url);
  const paid = await sandboxForm(hosted.pathname, { request: hosted.searchParams.toString(), outcome: "approve" });
  expect(paid.statusCode, paid.body).toBe(303);
  return order_id;
}

type Listed = { prompt_code: string; session_id: string; status: string; refunded: boolean };

/** Everything a customer can read of their reports, as status codes and flags. */
async function whatTheyCanRead(browser: Browser, sessions: Record<string, string>) {
  const list = ((await browser.get("/api/customer/latest-reports")).json().data as Listed[]).map((r) => [r.prompt_code, r.status, r.refunded]).sort();
  const seen: Record<string, unknown> = {};
  for (const [code, sessionId] of Object.entries(sessions)) {
    const result = (await browser.get(`/api/quiz/sessions/${sessionId}/report`)).json().data;
    seen[code] = {
      account: (await browser.get(`/api/customer/reports/${code}`)).statusCode,
      accountPdf: (await browser.get(`/api/customer/reports/${code}/pdf`)).statusCode,
      result: result.access,
      resultPdf: (await browser.get(`/api/quiz/sessions/${sessionId}/report.pdf`)).statusCode,
    };
  }
  const paid = (await browser.get("/api/customer/paid-content")).json().data as { reports: { report_code: string }[]; has_access: boolean };
  return { list, reports: seen, paidContent: paid.reports.map((r) => r.report_code).sort(), hasAccess: paid.has_access };
}

describe("a refund takes back what it paid for", () => {
  it("refunded from the sandbox console: the bought report and the report the plan included are listed as refunded and served by no page, API or PDF; the free summary stays", async () => {
    const address = "refund-taken-back@example.org";
    const browser = client(t.app, nextIp(), t.origin);
    const career = await takeFlow(t, browser, "career_test_green", address);
    const orderId = await approve(browser, career, "trial_7d");
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, address));
    browser.cookie = `sid=${(await t.app.services.sessions.create(customer!.id)).token}`;
    const income = await takeFlow(t, browser, "income_growth", address);
    expect((await browser.post(`/api/quiz/sessions/${income}/include-report`, {})).statusCode).toBe(200);
    await t.app.services.reports.drain();
    const sessions = { career_riasec: career, income_growth: income };

    expect(await whatTheyCanRead(browser, sessions)).toEqual({
      list: [
        ["career_riasec", "ready", false],
        ["income_growth", "ready", false],
      ],
      reports: {
        career_riasec: { account: 200, accountPdf: 200, result: "full", resultPdf: 200 },
        income_growth: { account: 200, accountPdf: 200, result: "full", resultPdf: 200 },
      },
      paidContent: ["career_riasec", "income_growth"],
      hasAccess: true,
    });

    const refunded = await sandboxForm("/sandbox/payments/refund", { order_id: orderId });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.body).toContain("Refund notification sent");

    // What the refund e-mail promises…
    const notice = (await t.outbox()).find((m) => m.to.includes(address) && m.subject.startsWith("Your refund"));
    expect(notice?.text).toContain(
      "Refunding the first payment ends the plan: you will not be charged again, and the reports and account content it unlocked are locked.",
    );
    // …is what happens: both reports stay listed, marked refunded, and nothing serves them in full.
    expect(await whatTheyCanRead(browser, sessions)).toEqual({
      list: [
        ["career_riasec", "ready", true],
        ["income_growth", "ready", true],
      ],
      reports: {
        career_riasec: { account: 403, accountPdf: 403, result: "refunded", resultPdf: 403 },
        income_growth: { account: 403, accountPdf: 403, result: "refunded", resultPdf: 403 },
      },
      paidContent: [],
      hasAccess: false,
    });
    expect((await browser.get("/api/customer/reports/career_riasec/pdf")).json().error.code).toBe("report_refunded");
    // The account content it unlocked is locked too (ADR 017).
    expect((await browser.get("/api/customer/paid-content")).json().data.has_access).toBe(false);

    // What stays: the free summary, with every section after the first locked.
    const summary = (await browser.get(`/api/quiz/sessions/${career}/report`)).json().data;
    const teaser = reportDocument.parse(summary.document);
    expect(teaser.sections[0]!.locked).not.toBe(true);
    expect(teaser.sections.slice(1).every((s) => s.locked === true && s.blocks.length === 0)).toBe(true);
    // The report cannot be queued again either.
    expect((await browser.post("/api/customer/start-lreport-generation", { session_id: career })).statusCode).toBe(402);
  });
});
