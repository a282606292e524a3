import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportDocument } from "#schemas/report/document.ts";
import { readPdf } from "../helpers/read-pdf.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const career = () => t.flows.find((f) => f.code === "career_test_green")!;
type Browser = ReturnType<typeof client>;

/** Takes the real career test: every item of an area rated `level`, then name and e-mail; completes it. */
async function takeCareerTest(browser: Browser, email: string, levels: Record<string, number>) {
  const flow = career();
  const started = await browser.post("/api/quiz/sessions", { flow_code: flow.code, flow_hash: flow.hash });
  const id = started.json().data.id as string;
  const answer = async (step_id: string, value: unknown) => {
    const res = await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id, value, flow_hash: flow.hash });
    expect(res.statusCode, `${step_id}: ${res.body}`).toBe(200);
  };
  for (const [area, level] of Object.entries(levels)) for (let n = 1; n <= 5; n++) await answer(`${area}${n}`, level);
  await answer("situation", "working_change");
  await answer("name", "Robin");
  await answer("email", email);
  expect((await browser.post(`/api/quiz/sessions/${id}/complete`)).statusCode).toBe(200);
  return id;
}

const PROFILE = { r: 1, i: 3, a: 2, s: 4, e: 2, c: 0 };

describe("the personal report", () => {
  it("before payment: a teaser with the top area and every other section locked, nothing more; after: the full report, built in the background", async () => {
    const browser = client(t.app, nextIp(), t.origin);
    const id = await takeCareerTest(browser, "report-buyer@example.org", PROFILE);

    const teaser = await browser.get(`/api/quiz/sessions/${id}/report`);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.headers["cache-control"]).toContain("no-store");
    const body = teaser.json().data;
    expect(body).toMatchObject({ access: "teaser", status: null });
    const doc = reportDocument.parse(body.document);
    expect(doc.cover.first_name).toBe("Robin");
    expect(doc.sections[0]!.blocks.find((b) => b.kind === "scale_chart")).toMatchObject({ scales: [{ id: "social", percent: 100 }] });
    expect(doc.sections.slice(1).every((s) => s.locked === true && s.blocks.length === 0)).toBe(true);
    // What is locked does not travel to the browser at all.
    for (const locked of ["Investigative work is about", '"kind":"professions"', "SIA", "registered-nurse", "financial runway"])
      expect(teaser.body, locked).not.toContain(locked);

    const order = await browser.post("/api/checkout/start", { product_id: "month_1", session_id: id, currency: "USD" });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json().data.order_id as string;
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    await t.app.services.reports.drain();

    const status = await browser.get("/api/quiz-analyze/get-latest-result-analyze-status");
    expect(status.json().data).toMatchObject({ session_id: id, status: "ready", report: "career_riasec", report_status: "ready" });
    // Paid, but this browser is not logged in yet: the teaser, and word that the report opens after logging in (ADR 011).
    expect((await browser.get(`/api/quiz/sessions/${id}/report`)).json().data).toMatchObject({ access: "login_required", status: null });
    // The return page's first look at the paid order logs the brand-new buyer in here.
    expect((await browser.get(`/api/orders/${orderId}`)).json().data).toMatchObject({ status: "paid", logged_in: true });
    const full = (await browser.get(`/api/quiz/sessions/${id}/report`)).json().data;
    expect(full).toMatchObject({ access: "full", status: "ready" });
    const report = reportDocument.parse(full.document);
    expect(report.sections.map((s) => s.id)).toEqual(["profile", "interest-code", "strengths", "professions", "next-steps", "clarity-plan", "method"]);
    expect(report.summary).toMatch(/^Robin, the kind of work that holds your interest most is Social, and your three-letter interest code is SIA\./);
    const professions = report.sections.find((s) => s.id === "professions")!.blocks.find((b) => b.kind === "professions");
    if (professions?.kind !== "professions") throw new Error("no professions");
    expect(professions.items).toHaveLength(12);
    expect(professions.items.every((p, i, all) => i === 0 || all[i - 1]!.match >= p.match)).toBe(true);
    expect(professions.items[0]!.code[0]).toBe("S");
    expect(professions.items[0]!.href).toBe(`/account/professions/${professions.items[0]!.slug}?result=${id}`);

    // Another browser gets nothing.
    expect((await client(t.app, nextIp(), t.origin).get(`/api/quiz/sessions/${id}/report`)).statusCode).toBe(404);

    // One "report ready" e-mail, linking to the report in the account.
    await t.app.services.reports.drain();
    const ready = (await t.outbox()).filter((m) => m.to.includes("report-buyer@example.org") && m.subject.startsWith("Your report is ready"));
    expect(ready).toHaveLength(1);
    expect(ready[0]!.subject).toBe("Your report is ready: Your career interests report");
    expect(linkIn(ready, "report-buyer@example.org", "/account/reports/").href).toBe(`${t.origin}/account/reports/career_riasec`);
    expect(ready[0]!.text).toContain("Hello Robin,");
  });

  it("the customer's account lists the report and shows it; another customer gets 404", async () => {
    const browser = client(t.app, nextIp(), t.origin);
    const id = await takeCareerTest(browser, "report-account@example.org", PROFILE);
    const orderId = (await browser.post("/api/checkout/start", { product_id: "trial_7d", session_id: id, currency: "USD" })).json().data.order_id as string;
    await deliver(t, maxPay(await paymentFor(t, orderId)));
    await t.app.services.reports.drain();

    const order = await paymentFor(t, orderId);
    const owner = client(t.app, nextIp(), t.origin);
    owner.cookie = `sid=${(await t.app.services.sessions.create(order.customerId)).token}`;
    const list = await owner.get("/api/customer/latest-reports");
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        prompt_code: "career_riasec",
        session_id: id,
        title: "Your career interests report",
        status: "ready",
        created_at: expect.any(String),
        ready_at: expect.any(String),
        refunded: false,
      },
    ]);
    const shown = await owner.get("/api/customer/reports/career_riasec");
    expect(shown.statusCode).toBe(200);
    expect(reportDocument.parse(shown.json().data).cover.first_name).toBe("Robin");

    const other = await takeCareerTest(client(t.app, nextIp(), t.origin), "report-other@example.org", PROFILE);
    expect(other).not.toBe(id);
    const [stranger] = await t.db
      .execute<{ id: string }>(`select id from customers where email = 'report-other@example.org'`)
      .then((r) => (r as { rows: { id: string }[] }).rows);
    const strangerBrowser = client(t.app, nextIp(), t.origin);
    strangerBrowser.cookie = `sid=${(await t.app.services.sessions.create(stranger!.id)).token}`;
    expect((await strangerBrowser.get("/api/customer/reports/career_riasec")).statusCode).toBe(404);
    expect((await strangerBrowser.get("/api/customer/latest-reports")).json().data).toEqual([]);
    expect((await client(t.app, nextIp(), t.origin).get("/api/customer/latest-reports")).statusCode).toBe(401);
    expect((await owner.get("/api/customer/reports/Not%20a%20code")).statusCode).toBe(400);
  });

  it("a report that cannot be built is retried with backoff and then marked failed, never half-stored", async () => {
    const browser = client(t.app, nextIp(), t.origin);
    const id = await takeCareerTest(browser, "report-retry@example.org", PROFILE);
    const orderId = (await browser.post("/api/checkout/start", { product_id: "month_1", session_id: id, currency: "USD" })).json().data.order_id as string;
    // The scores disappear (a broken row): the worker cannot build the report.
    await t.db.execute(`update quiz_sessions set scores = null where id = '${id}'`);
    await deliver(t, maxPay(await paymentFor(t, orderId)));
    await t.app.services.reports.drain();
    const row = async () =>
      (await t.db
        .execute(`select status, attempts, document, last_error from report_requests where quiz_session_id = '${id}'`)
        .then((r) => (r as { rows: Record<string, unknown>[] }).rows[0]))!;
    expect(await row()).toMatchObject({ status: "queued", attempts: 1, document: null, last_error: "the quiz session is not scored" });
    for (let i = 0; i < 4; i++) {
      await t.db.execute(`update report_requests set next_attempt_at = now() where quiz_session_id = '${id}'`);
      await t.app.services.reports.drain();
    }
    expect(await row()).toMatchObject({ status: "failed", attempts: 5, document: null });
  });

  it("downloads as a PDF (A4 or Letter) with the report's text, only for whoever may read it", async () => {
    const browser = client(t.app, nextIp(), t.origin);
    const id = await takeCareerTest(browser, "report-pdf@example.org", PROFILE);
    expect((await browser.get(`/api/quiz/sessions/${id}/report.pdf`)).statusCode).toBe(402);
    const orderId = (await browser.post("/api/checkout/start", { product_id: "month_1", session_id: id, currency: "USD" })).json().data.order_id as string;
    await deliver(t, maxPay(await paymentFor(t, orderId)));
    await t.app.services.reports.drain();
    // Only the logged-in buyer: the return page's look at the order logs the brand-new buyer in (ADR 011).
    expect((await browser.get(`/api/quiz/sessions/${id}/report.pdf`)).json().error.code).toBe("login_required");
    expect((await browser.get(`/api/orders/${orderId}`)).json().data.logged_in).toBe(true);

    const a4 = await browser.get(`/api/quiz/sessions/${id}/report.pdf`);
    expect(a4.statusCode).toBe(200);
    expect(a4.headers["content-type"]).toBe("application/pdf");
    expect(a4.headers["content-disposition"]).toMatch(/^attachment; filename="pathwise-report-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = await readPdf(a4.rawPayload);
    expect(Math.round(pdf.pages[0]!.width)).toBe(595);
    for (const words of [
      "Prepared for Robin",
      "Your interest profile",
      "Social",
      "100%",
      "Professions that match your profile",
      "How the test works, and its sources",
    ]) {
      expect(pdf.text.replace(/\s+/g, " "), words).toContain(words);
    }
    const letter = await browser.get(`/api/quiz/sessions/${id}/report.pdf?paper=letter`);
    expect(Math.round((await readPdf(letter.rawPayload)).pages[0]!.width)).toBe(612);
    expect((await browser.get(`/api/quiz/sessions/${id}/report.pdf?paper=legal`)).statusCode).toBe(400);
    expect((await client(t.app, nextIp(), t.origin).get(`/api/quiz/sessions/${id}/report.pdf`)).statusCode).toBe(404);

    const owner = client(t.app, nextIp(), t.origin);
    owner.cookie = `sid=${(await t.app.services.sessions.create((await paymentFor(t, orderId)).customerId)).token}`;
    const fromAccount = await owner.get("/api/customer/reports/career_riasec/pdf");
    expect(fromAccount.statusCode).toBe(200);
    expect((await readPdf(fromAccount.rawPayload)).text).toContain("Robin");
  });

  it("the example report: an imagined profile, labelled as an example, as a page and as a PDF for anyone", async () => {
    const anyone = client(t.app, nextIp(), t.origin);
    const page = await anyone.get("/api/prompts/career_riasec/example");
    expect(page.statusCode).toBe(200);
    const doc = reportDocument.parse(page.json().data);
    expect(doc.cover).toMatchObject({ first_name: null, subtitle: "Example report for an imagined profile · Career interests" });
    expect(doc.sections.find((s) => s.id === "professions")!.blocks.some((b) => b.kind === "professions")).toBe(true);
    const pdf = await anyone.get("/api/prompts/career_riasec/default?ts=1795458430");
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).text).toContain("Example report for an imagined profile");
    expect((await anyone.get("/api/prompts/no_such_report/default")).statusCode).toBe(404);
    expect((await anyone.get("/api/prompts/career_riasec/default?ts=yesterday")).statusCode).toBe(400);
  });

  it("the teaser is ready as soon as every scored question is answered (the summary comes before the e-mail step), not before", async () => {
    const flow = career();
    const browser = client(t.app, nextIp(), t.origin);
    const id = (await browser.post("/api/quiz/sessions", { flow_code: flow.code, flow_hash: flow.hash })).json().data.id as string;
    const answer = (step_id: string, value: unknown) => browser.post(`/api/quiz/sessions/${id}/answers`, { step_id, value, flow_hash: flow.hash });
    for (const area of ["r", "i", "a", "s", "e", "c"])
      for (let n = 1; n <= 5; n++) if (`${area}${n}` !== "c5") await answer(`${area}${n}`, area === "s" ? 4 : 1);
    const early = await browser.get(`/api/quiz/sessions/${id}/report`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("quiz_incomplete");
    await answer("c5", 1);
    const teaser = await browser.get(`/api/quiz/sessions/${id}/report`);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.json().data).toMatchObject({
      access: "teaser",
      document: { summary: expect.stringMatching(/^Your strongest interest area is Social\./), cover: { first_name: null } },
    });
  });
});
