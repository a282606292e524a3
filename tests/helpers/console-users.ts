import { expect } from "vitest";
import { nextIp } from "./payments.ts";
import type { Browser } from "./quiz.ts";
import { client, linkIn, type TestApp } from "./test-app.ts";

/** A browser logged in with the login link the outbox holds for `email`. */
export async function loggedIn(t: TestApp, email: string): Promise<Browser> {
  const browser = client(t.app, nextIp(), t.origin);
  const link = linkIn(await t.outbox(), email, "tmp_token=");
  const res = await browser.post("/api/auth/login", { email, tmp_token: link.searchParams.get("tmp_token") });
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

/**
 * For a growth console test: a staff member made through the operator's API (as `npm run staff`
 * does) and a customer, each logged in by their e-mailed link in a browser of their own.
 */
export async function staffAndCustomer(t: TestApp, operatorToken: string): Promise<{ staff: Browser; customer: Browser }> {
  const made = await t.app.inject({
    method: "POST",
    url: "/api/admin/staff",
    payload: { email: "growth@example.org" },
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(made.statusCode, made.body).toBe(200);
  const staff = await loggedIn(t, "growth@example.org");
  await client(t.app).post("/api/customer/prepare-cabinet", { email: "customer@example.org" });
  await client(t.app).post("/api/auth/login-link", { email: "customer@example.org" });
  return { staff, customer: await loggedIn(t, "customer@example.org") };
}
