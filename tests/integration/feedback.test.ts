import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, feedback } from "#server/db/schema.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/** The feedback pages' call: stored as sent, linked to a logged-in customer, refused when malformed, limited per address. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await closeSharedDatabase();
});

const rows = async () => t.db.select().from(feedback);
const total = async () => (await t.db.select({ n: count() }).from(feedback))[0]!.n;

describe("POST /api/feedback", () => {
  it("stores a rating with its comment and report, from a visitor who is not logged in", async () => {
    const res = await client(t.app, "198.18.7.1").post("/api/feedback", { form: "burnout", rating: 4, comment: "  Clear and kind.  ", report: "burnout_cbi" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { ok: true } });
    const [row] = (await rows()).filter((r) => r.comment === "Clear and kind.");
    expect(row).toMatchObject({ form: "burnout", rating: 4, promptCode: "burnout_cbi", customerId: null });
  });

  it("links the rating to the customer who is logged in; an empty comment is kept as none", async () => {
    const email = "feedback-customer@example.org";
    await t.db.insert(customers).values({ email, passwordHash: await hashPassword("a long enough password") });
    const browser = client(t.app, "198.18.7.2");
    expect((await browser.post("/api/auth/login", { email, password: "a long enough password" })).statusCode).toBe(200);
    expect((await browser.post("/api/feedback", { form: "general", rating: 5, comment: "   " })).statusCode).toBe(201);
    const [me] = await t.db.select().from(customers).where(eq(customers.email, email));
    expect((await rows()).filter((r) => r.customerId === me!.id)).toEqual([
      expect.objectContaining({ form: "general", rating: 5, comment: null, promptCode: null }),
    ]);
  });

  it.each([
    [{ form: "general" }, "body.rating"],
    [{ form: "general", rating: 0 }, "body.rating"],
    [{ form: "general", rating: 6 }, "body.rating"],
    [{ form: "general", rating: 3.5 }, "body.rating"],
    [{ form: "general", rating: "5" }, "body.rating"],
    [{ form: "anxiety", rating: 5 }, "body.form"],
    [{ form: "general", rating: 5, comment: "x".repeat(2001) }, "body.comment"],
    [{ form: "general", rating: 5, comment: "bad\u0000byte" }, "body.comment"],
    [{ form: "general", rating: 5, report: "../etc" }, "body.report"],
    [{ form: "general", rating: 5, extra: true }, "body"],
  ])("refuses %j with a 400 naming %s, and stores nothing", async (body, where) => {
    const before = await total();
    const res = await client(t.app, "198.18.7.3").post("/api/feedback", body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(where);
    expect(await total()).toBe(before);
  });

  it("answers 429 with Retry-After past five ratings from one address in 15 minutes, and stores no more", async () => {
    const browser = client(t.app, "198.18.7.4");
    for (let i = 0; i < 5; i++) expect((await browser.post("/api/feedback", { form: "work_life", rating: 3 })).statusCode).toBe(201);
    const before = await total();
    const sixth = await browser.post("/api/feedback", { form: "work_life", rating: 3 });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(await total()).toBe(before);
    expect((await client(t.app, "198.18.7.5").post("/api/feedback", { form: "work_life", rating: 3 })).statusCode).toBe(201);
  });
});
