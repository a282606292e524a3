import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowCardSummary } from "../../scripts/vite/flow-modules.ts";
import { cardsInOrder } from "#engine/flow/cards.ts";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { funnelReport } from "#server/analytics/funnel-report.ts";
import { customers } from "#server/db/schema.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { checkFunnelReports } from "#server/reports/check-funnel-reports.ts";
import { deliver, maxPay, nextIp, paymentFor } from "../helpers/payments.ts";
import { takeFlow } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * A new topic needs no code (issue 20): the real flows/ and content/ plus one flow file and its
 * report template (tests/fixtures/new-topic), copied into a temporary FLOWS_DIR and CONTENT_DIR as
 * a growth author would add them. Nothing outside the fixture knows the topic "leadership".
 */
const FIXTURE = join(process.cwd(), "tests/fixtures/new-topic");
const CODE = "leadership_style";
/** The token the operator's tools use for /api/admin (the staff page reads the same endpoints). */
const OPERATOR = "new-topic-operator-token";
let dir: string;
let flowsDir: string;
let contentDir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pathwise-new-topic-"));
  flowsDir = join(dir, "flows");
  contentDir = join(dir, "content");
  await cp(join(process.cwd(), "flows"), flowsDir, { recursive: true });
  await cp(join(process.cwd(), "content"), contentDir, { recursive: true });
  await cp(join(FIXTURE, "flows"), flowsDir, { recursive: true });
  await cp(join(FIXTURE, "content"), contentDir, { recursive: true });
  t = await createTestApp({ contentDir, flows: { dir: flowsDir }, operatorToken: OPERATOR });
});
afterAll(async () => {
  await t?.close();
  await closeSharedDatabase();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("a funnel of a new topic, added as one flow file and its report template", () => {
  it("passes the checks the build and flows:check run (flows, card, picture, report template, promises)", async () => {
    const read = await readFlows(flowsDir);
    expect(read.ok && read.flows.map((f) => f.code)).toContain(CODE);
    const files = await Promise.all(read.ok ? read.flows.map(async (f) => ({ file: f.file, text: await readFile(f.file, "utf8") })) : []);
    const checked = checkFlows(files);
    expect(checked.problems).toEqual([]);
    expect(await checkFunnelReports(checked.flows, new Map(files.map((f) => [f.file, f.text])), contentDir)).toEqual([]);
  });

  it("has its card among the home page's cards, in its place, linked to its start", () => {
    // The home page reads virtual:flow-cards (made by flowCardSummary at build time) through cardsInOrder.
    const cards = cardsInOrder(t.flows.map(flowCardSummary));
    expect(cards).toHaveLength(11);
    const card = cards.find((c) => c.flow === CODE);
    expect(card).toMatchObject({ topic: "leadership", href: "/leadership", title: "Leadership Style", minutes: 2, category: "skills" });
    expect(card!.picture.src).toBe("/content-images/article-giving-feedback.svg");
    // order 95: after Emotional Intelligence (90), before Time Management (100).
    const titles = cards.map((c) => c.title);
    expect(titles.slice(titles.indexOf("Leadership Style") - 1, titles.indexOf("Leadership Style") + 2)).toEqual([
      "Emotional Intelligence",
      "Leadership Style",
      "Time Management",
    ]);
  });

  it("is listed by /api/active-prompts with its topic, start and card", async () => {
    const res = await client(t.app).get("/api/active-prompts");
    expect(res.statusCode).toBe(200);
    const prompts = res.json().data as { code: string; flow_code: string; topic: string; start: string; card: { title: string } | null }[];
    expect(prompts).toHaveLength(11);
    expect(prompts.find((p) => p.flow_code === CODE)).toMatchObject({
      code: "leadership_style",
      topic: "leadership",
      start: "/leadership",
      card: { title: "Leadership Style" },
    });
  });

  it("is walked to its paid report, and its figures show in the funnel report", async () => {
    const since = new Date(t.clock.now().getTime() - 60_000);
    const email = "new-topic-buyer@example.org";
    const browser = client(t.app, nextIp(), t.origin);
    const sessionId = await takeFlow(t, browser, CODE, email);
    const before = (await browser.get(`/api/quiz/sessions/${sessionId}/report`)).json().data;
    expect(before.access).not.toBe("full");

    const started = await browser.post("/api/checkout/start", { product_id: "trial_7d", session_id: sessionId, currency: "USD" });
    expect(started.statusCode, started.body).toBe(200);
    const orderId = started.json().data.order_id as string;
    expect((await deliver(t, maxPay(await paymentFor(t, orderId)))).statusCode).toBe(200);
    await t.app.services.reports.drain();
    // The buyer reads it logged in, as the receipt's login link does.
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, email));
    browser.cookie = `${browser.cookie ? `${browser.cookie}; ` : ""}sid=${(await t.app.services.sessions.create(customer!.id)).token}`;
    const report = (await browser.get(`/api/quiz/sessions/${sessionId}/report`)).json().data;
    expect(report).toMatchObject({ access: "full", status: "ready" });
    const text = JSON.stringify(report);
    for (const words of ["Your leadership report", "Your three habits", "Your next steps", "How the reflection works", "Setting direction"]) {
      expect(text).toContain(words);
    }

    const flow = t.flows.find((f) => f.code === CODE)!;
    const figures = await funnelReport(t.db, flow, { flow: CODE, since, until: new Date(t.clock.now().getTime() + 60_000), groupBy: null }, (w) =>
      typeof w === "string" ? w : w.code,
    );
    expect(figures.visitors).toBe(1);
    expect(figures.groups).toHaveLength(1);
    expect(figures.groups[0]).toMatchObject({ visitors: 1, email: 1, checkout: 1, paid: 1 });
    expect(figures.groups[0]!.revenue).toBeGreaterThan(0);
    expect(figures.steps.map((s) => s.id)).toEqual(flow.steps.map((s) => s.id));
    expect(figures.steps.find((s) => s.id === "d1")).toMatchObject({ answered: 1 });

    // The growth console reads the same figures: the flow is listed and its report has the paid run.
    const staff = { authorization: `Bearer ${OPERATOR}` };
    const window = new URLSearchParams({ since: since.toISOString(), until: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    const listing = await t.app.inject({ method: "GET", url: "/api/admin/funnels", headers: staff });
    expect(listing.statusCode, listing.body).toBe(200);
    expect((listing.json().data as { code: string }[]).map((f) => f.code)).toContain(CODE);
    const page = await t.app.inject({ method: "GET", url: `/api/admin/funnels/${CODE}/report?${window}`, headers: staff });
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json().data as { flow: { title: string }; visitors: number; groups: { paid: number }[]; steps: { id: string; title: string }[] };
    expect(view.flow.title).toBe("Leadership style reflection");
    expect(view.visitors).toBe(1);
    expect(view.groups.map((g) => g.paid)).toEqual([1]);
    expect(view.steps.find((s) => s.id === "d1")?.title).toBe("People I work with know what we are aiming for and why.");
  });
});
