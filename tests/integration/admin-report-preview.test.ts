import { count, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportDocument } from "#schemas/report/document.ts";
import * as schema from "#server/db/schema.ts";
import { client, closeSharedDatabase, createTestApp, linkIn, type TestApp } from "../helpers/test-app.ts";

/** Report template previews in the growth console: the real engine, chosen positions, nothing stored. */
let t: TestApp;
let staff: ReturnType<typeof client>;
const OPERATOR = "an-operator-token-for-the-report-preview-tests";
const RIASEC = ["realistic", "investigative", "artistic", "social", "enterprising", "conventional"];

async function loggedIn(email: string) {
  const browser = client(t.app, "198.51.100.30");
  const link = linkIn(await t.outbox(), email, "tmp_token=");
  expect((await browser.post("/api/auth/login", { email, tmp_token: link.searchParams.get("tmp_token") })).statusCode).toBe(200);
  return browser;
}

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Row count of every table in the schema, by table name. */
async function rowCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(tables.map(async (table) => [getTableName(table), (await t.db.select({ n: count() }).from(table))[0]!.n] as const));
  return Object.fromEntries(entries);
}

const preview = (code: string, body: object, browser = staff) => browser.post(`/api/admin/reports/${code}/preview`, body);
const documentOf = (res: { json: () => { data: ReportDocument } }) => res.json().data;

beforeAll(async () => {
  t = await createTestApp({ operatorToken: OPERATOR });
  await t.app.inject({ method: "POST", url: "/api/admin/staff", payload: { email: "author@example.org" }, headers: { authorization: `Bearer ${OPERATOR}` } });
  staff = await loggedIn("author@example.org");
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("report template previews", () => {
  it("lists every template with its scales by name and their example positions", async () => {
    const res = await staff.get("/api/admin/reports");
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { code: string; scales: { id: string; name: string; example: number }[] }[];
    expect(list.map((r) => r.code)).toContain("career_riasec");
    const career = list.find((r) => r.code === "career_riasec")!;
    expect(career.scales.map((s) => s.id)).toEqual(RIASEC);
    expect(career.scales.find((s) => s.id === "social")).toEqual({ id: "social", name: "Social", example: 90 });
  });

  it("without positions gives the example report customers see", async () => {
    const res = await preview("career_riasec", {});
    expect(res.statusCode).toBe(200);
    const example = await client(t.app).get("/api/prompts/career_riasec/example");
    expect(documentOf(res)).toEqual(example.json().data);
    expect(documentOf(res).cover.subtitle).toMatch(/^Example report for an imagined profile/);
  });

  it("names the scale set high as the top when the others are set low", async () => {
    const positions = Object.fromEntries(RIASEC.map((id) => [id, id === "conventional" ? 95 : 10]));
    const res = await preview("career_riasec", { positions });
    expect(res.statusCode).toBe(200);
    const doc = documentOf(res);
    expect(doc.summary).toMatch(/^The kind of work that holds your interest most is Conventional/);
    expect(doc.claims).toContainEqual({ at: "summary", kind: "highest", outcome: "one", scales: ["conventional"] });
    expect(doc.cover.subtitle).toBe("Preview for chosen scores · Career interests");

    // A report of levels: the chosen position gives the scale its band, and the chart puts it first.
    const other = await preview("burnout_cbi", { positions: { personal: 100, work: 0 } });
    expect(other.statusCode).toBe(200);
    const chart = documentOf(other)
      .sections.flatMap((s) => s.blocks)
      .find((b) => b.kind === "scale_chart");
    const scales = chart?.kind === "scale_chart" ? chart.scales : [];
    expect(scales.map((s) => [s.id, s.percent, s.band?.label])).toEqual([
      ["personal", 100, "Very high"],
      ["work", 0, "Low"],
    ]);
  });

  it("gives the teaser a visitor sees before paying when asked for it", async () => {
    const positions = Object.fromEntries(RIASEC.map((id) => [id, id === "artistic" ? 90 : 20]));
    const res = await preview("career_riasec", { positions, layout: "teaser" });
    expect(res.statusCode).toBe(200);
    const doc = documentOf(res);
    expect(doc.summary).toMatch(/^Your strongest interest area is Artistic/);
    expect(doc.sections.some((s) => s.blocks.some((b) => b.kind === "professions"))).toBe(false);
  });

  it("a flat choice gives the flat note and no top", async () => {
    const res = await preview("career_riasec", { positions: Object.fromEntries(RIASEC.map((id) => [id, 50])) });
    const doc = documentOf(res);
    expect(doc.summary).toMatch(/about the same/);
    expect((doc.claims ?? []).some((c) => c.kind === "highest" && c.scales.length > 0)).toBe(false);
  });

  it("refuses an unknown scale and a position outside 0–100 with 400 naming it, and an unknown report with 404", async () => {
    const unknown = await preview("career_riasec", { positions: { sociable: 40 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain("sociable");

    const high = await preview("career_riasec", { positions: { social: 140 } });
    expect(high.statusCode).toBe(400);
    expect(JSON.stringify(high.json().error)).toContain("social");

    const text = await preview("career_riasec", { positions: { social: "high" } });
    expect(text.statusCode).toBe(400);

    const missing = await preview("no_such_report", {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toContain("no_such_report");
    expect((await staff.get("/api/admin/reports/no_such_report")).statusCode).toBe(404);
  });

  it("is for staff only: 401 anonymous, 403 a customer", async () => {
    expect((await preview("career_riasec", {}, client(t.app))).statusCode).toBe(401);
    await client(t.app).post("/api/customer/prepare-cabinet", { email: "buyer@example.org" });
    await client(t.app).post("/api/auth/login-link", { email: "buyer@example.org" });
    const customer = await loggedIn("buyer@example.org");
    const refused = await preview("career_riasec", {}, customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("staff_only");
    expect((await customer.get("/api/admin/reports")).statusCode).toBe(403);
  });

  it("writes nothing: every table keeps its row count (no session, answer, event, report, mail or rate-limit row)", async () => {
    const before = await rowCounts();
    await preview("career_riasec", {});
    await preview("career_riasec", { positions: { social: 5, realistic: 99 } });
    await preview("stress_level", {});
    await staff.get("/api/admin/reports");
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["quiz_sessions", "quiz_events", "report_requests", "mail_outbox", "rate_limits"]));
    expect(await rowCounts()).toEqual(before);
  });
});
