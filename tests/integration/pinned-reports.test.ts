import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportDocument, type ReportDocument } from "#schemas/report/document.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * A report is built with the flow version its session ran (ADR 066): a visitor who started before a
 * publish that changed the scoring and the labels gets the scoring and labels they answered, a new
 * visitor the published ones.
 */
const OPERATOR = "an-operator-token-of-at-least-thirty-two-characters";
const FILE = "flows/anxiety.yaml";
const CODE = "anxiety_gad7";
/** The seven GAD-7 items of both visitors: 9 of 21, mild by the published cut-offs (moderate from 10). */
const ITEMS = [2, 2, 2, 1, 1, 1, 0];

let t: TestApp;
let v1: string;
let v2: string;

type Browser = ReturnType<typeof client>;
const answer = async (browser: Browser, id: string, hash: string, step_id: string, value: unknown) => {
  const res = await browser.post(`/api/quiz/sessions/${id}/answers`, { step_id, value, flow_hash: hash });
  expect(res.statusCode, `${step_id}: ${res.body}`).toBe(200);
};

/** Starts the anxiety check on a version and answers up to its free summary (the teaser). */
async function upToTheSummary(browser: Browser, hash: string, items = ITEMS): Promise<string> {
  const started = await browser.post("/api/quiz/sessions", { flow_code: CODE, flow_hash: hash });
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json<{ data: { id: string } }>().data.id;
  for (const [i, value] of items.entries()) await answer(browser, id, hash, `gad${i + 1}`, value);
  await answer(browser, id, hash, "difficulty", "somewhat");
  await answer(browser, id, hash, "duration", "weeks");
  await answer(browser, id, hash, "triggers", ["work"]);
  await answer(browser, id, hash, "helps", ["movement"]);
  return id;
}

const teaserOf = async (browser: Browser, id: string) => {
  const res = await browser.get(`/api/quiz/sessions/${id}/report`);
  expect(res.statusCode, res.body).toBe(200);
  return reportDocument.parse(res.json().data.document);
};

/** Finishes the quiz, pays for it, logs in through the paid order and reads the full report the worker built. */
async function paidReport(browser: Browser, id: string, hash: string, email: string, app: TestApp = t): Promise<ReportDocument> {
  await answer(browser, id, hash, "name", "Robin");
  await answer(browser, id, hash, "email", email);
  expect((await browser.post(`/api/quiz/sessions/${id}/complete`)).statusCode).toBe(200);
  const order = await browser.post("/api/checkout/start", { product_id: "month_1", session_id: id, currency: "USD" });
  expect(order.statusCode, order.body).toBe(200);
  const orderId = order.json().data.order_id as string;
  expect((await deliver(app, maxPay(await paymentFor(app, orderId)))).statusCode).toBe(200);
  await app.app.services.reports.drain();
  expect((await browser.get(`/api/orders/${orderId}`)).json().data).toMatchObject({ status: "paid", logged_in: true });
  const full = (await browser.get(`/api/quiz/sessions/${id}/report`)).json().data;
  expect(full).toMatchObject({ access: "full", status: "ready" });
  return reportDocument.parse(full.document);
}

const chart = (doc: ReportDocument) => {
  const block = doc.sections.flatMap((s) => s.blocks).find((b) => b.kind === "scale_chart");
  if (block?.kind !== "scale_chart") throw new Error("no scale chart");
  return block.scales.map((s) => ({ name: s.name, band: s.band?.label }));
};

beforeAll(async () => {
  t = await createTestApp({ operatorToken: OPERATOR });
  v1 = t.flows.find((f) => f.code === CODE)!.hash;
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("a report of a session started before a publish", () => {
  let early: Browser;
  let earlyId: string;

  it("is built from the version the session started on, teaser and full report, with that version's scoring and labels", async () => {
    early = client(t.app, nextIp(), t.origin);
    earlyId = await upToTheSummary(early, v1);

    // Version 2 renames the scale and its bands, and moves the moderate cut-off from 10 to 8.
    const text = await readFile(FILE, "utf8");
    const changed = text
      .replace("name: Anxiety (GAD-7)", "name: Worry (GAD-7)")
      .replace("{ id: mild, from: 5, label: Mild,", "{ id: mild, from: 5, label: Light,")
      .replace("{ id: moderate, from: 10, label: Moderate,", "{ id: moderate, from: 8, label: Marked,");
    expect(changed).not.toBe(text);
    const published = await t.app.inject({
      method: "POST",
      url: "/api/admin/flows/publish",
      payload: { flows: [{ file: FILE, text: changed }] },
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(published.statusCode, published.body).toBe(200);
    v2 = published.json<{ data: { flows: { hash: string }[] } }>().data.flows[0]!.hash;
    expect(v2).not.toBe(v1);

    const teaser = await teaserOf(early, earlyId);
    expect(teaser.summary).toContain("9 out of 21: mild.");
    expect(chart(teaser)).toEqual([{ name: "Anxiety (GAD-7)", band: "Mild" }]);

    const report = await paidReport(early, earlyId, v1, "pinned-early@example.org");
    expect(report.summary).toContain("in the range called mild.");
    expect(chart(report)).toEqual([{ name: "Anxiety (GAD-7)", band: "Mild" }]);
    const detail = report.sections.flatMap((s) => s.blocks).find((b) => b.kind === "scale_detail");
    expect(detail?.kind === "scale_detail" && detail.meaning).toMatch(/^A score from 5 to 9 is in the mild range/);
  });

  it("while a session started after the publish is built from the published version", async () => {
    const late = client(t.app, nextIp(), t.origin);
    const id = await upToTheSummary(late, v2);
    const teaser = await teaserOf(late, id);
    expect(teaser.summary).toContain("9 out of 21: marked.");
    expect(chart(teaser)).toEqual([{ name: "Worry (GAD-7)", band: "Marked" }]);

    const report = await paidReport(late, id, v2, "pinned-late@example.org");
    expect(report.summary).toContain("in the range called marked.");
    expect(chart(report)).toEqual([{ name: "Worry (GAD-7)", band: "Marked" }]);
  });

  it("and the console's report preview, which has no session, shows the live version", async () => {
    const headers = { authorization: `Bearer ${OPERATOR}` };
    const summary = await t.app.inject({ method: "GET", url: `/api/admin/reports/${CODE}`, headers });
    expect(summary.json().data.scales).toEqual([expect.objectContaining({ id: "anxiety", name: "Worry (GAD-7)" })]);
    const preview = await t.app.inject({ method: "POST", url: `/api/admin/reports/${CODE}/preview`, headers, payload: { layout: "full" } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(chart(reportDocument.parse(preview.json().data))[0]!.name).toBe("Worry (GAD-7)");
  });

  it("and when a deploy changed the flow and its template so that none fits the session's version, the paid report is still built", async () => {
    // A deploy drops the severe band from the flow and its template: neither template fits version 2, which has it.
    const dir = await mkdtemp(join(tmpdir(), "pinned-deploy-"));
    try {
      await cp("flows", join(dir, "flows"), { recursive: true });
      await cp("content", join(dir, "content"), { recursive: true });
      const flow = await readFile(FILE, "utf8");
      const band = flow.split("\n").find((l) => l.includes("{ id: severe,"))!;
      await writeFile(join(dir, FILE), flow.replace(`${band}\n`, ""));
      const templateFile = "content/reports/anxiety_gad7/report.yaml";
      const template = await readFile(templateFile, "utf8");
      const meaning = template.split("\n").find((l) => l.trimStart().startsWith("severe: "))!;
      await writeFile(join(dir, templateFile), template.replace(`${meaning}\n`, "").replaceAll("[moderate, severe]", "[moderate]"));
      const deployed = await createTestApp({
        database: t.database,
        operatorToken: OPERATOR,
        flows: { dir: join(dir, "flows") },
        contentDir: join(dir, "content"),
      });
      try {
        const browser = client(deployed.app, nextIp(), deployed.origin);
        const id = await upToTheSummary(browser, v2, [3, 3, 3, 3, 3, 3, 3]);
        const report = await paidReport(browser, id, v2, "pinned-deployed@example.org", deployed);
        expect(report.summary).toContain("21 out of 21");
      } finally {
        await deployed.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
