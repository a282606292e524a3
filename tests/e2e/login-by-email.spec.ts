import { expect, test, type Page } from "@playwright/test";
import { asNewVisitor, openMail } from "./account-setup.ts";

/** Calls the API from inside the page, as the app does: same origin, cookie credentials, JSON. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        credentials: "include",
        headers: b === undefined ? {} : { "content-type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; error?: { message: string } } };
    },
    [method, path, body] as const,
  );
}

test("a customer gets a login link by e-mail, reads it in the outbox and is logged in by its token", async ({ page }) => {
  const email = `e2e-${Date.now()}@example.org`;
  await asNewVisitor(page);
  await page.goto("/");
  expect((await api(page, "POST", "/api/customer/prepare-cabinet", { email })).status).toBe(200);
  expect((await api(page, "GET", "/api/auth/customer")).status).toBe(401);
  expect((await api(page, "POST", "/api/auth/login-link", { email })).status).toBe(202);

  // Other tests send login links too: the newest one addressed to this customer.
  await openMail(page, email, /Your Pathwise login link/);
  const link = await page
    .getByRole("link", { name: /tmp_token=/ })
    .first()
    .getAttribute("href");
  const url = new URL(link!);
  expect(url.pathname).toBe("/login");

  await page.goto("/");
  const login = await api(page, "POST", "/api/auth/login", { email, tmp_token: url.searchParams.get("tmp_token") });
  expect(login.status).toBe(200);
  const me = await api(page, "GET", "/api/auth/customer");
  expect(me).toMatchObject({ status: 200, body: { data: { email, is_onboarded: false } } });
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "sid")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  const again = await api(page, "POST", "/api/auth/login", { email, tmp_token: url.searchParams.get("tmp_token") });
  expect(again.status).toBe(401);
  expect((await api(page, "POST", "/api/auth/logout")).status).toBe(200);
  expect((await api(page, "GET", "/api/auth/customer")).status).toBe(401);
});
