import { expect, type Page } from "@playwright/test";

/**
 * Fast ways into the account for tests whose subject is the account, not the funnel (the funnel and
 * the money path have their own walks): the same public calls the app makes, in the browser, against
 * the real server — an account from an e-mailed login link, and a subscription paid in the sandbox.
 */

type Answer = { status: number; body: { data?: unknown; error?: { code: string; message: string } } };

/** Calls the API from inside the page, as the app does: same origin, cookie credentials, JSON. */
export async function api(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        credentials: "include",
        headers: b === undefined ? {} : { "content-type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Answer["body"]) : {} };
    },
    [method, path, body] as const,
  );
}

/**
 * The outbox file of the newest e-mail to `email` whose subject matches, waiting (by reading the
 * outbox again) until it has arrived. Other tests send mail too, so the row is found by address.
 */
async function newestMail(page: Page, email: string, subject: RegExp): Promise<string> {
  let file: string | undefined;
  await expect(async () => {
    const list = await (await page.request.get("/dev/mail")).text();
    const rows = list.split("<tr>").filter((row) => row.includes(email) && subject.test(row));
    file = rows[0]?.match(/href="\/dev\/mail\/([^"]+)"/)?.[1];
    expect(file, `an e-mail to ${email} matching ${subject}`).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return file!;
}

/** The text of the newest e-mail to `email` whose subject matches, read from the development outbox. */
export async function mailText(page: Page, email: string, subject: RegExp): Promise<string> {
  const text = await (await page.request.get(`/dev/mail/${await newestMail(page, email, subject)}`)).text();
  return text.replaceAll("&amp;", "&");
}

/**
 * The newest e-mail to `email` whose subject matches, opened in the page as a reader would see it.
 * Waiting for the mail and opening it are two steps, and the opening has the whole test's budget:
 * a short budget around a click also has to cover the navigation the click starts.
 */
export async function openMail(page: Page, email: string, subject: RegExp): Promise<void> {
  const file = await newestMail(page, email, subject);
  await page.goto(`/dev/mail/${file}`);
}

/**
 * Proves the inbox as its owner would, with the receipt's single-use login link: the session the
 * order page gives a first-time buyer reaches only that purchase until then (ADR 051).
 */
export async function logInFromReceipt(page: Page, email: string): Promise<void> {
  const token = (await mailText(page, email, /receipt/i)).match(/tmp_token=([\w-]+)/)?.[1];
  expect(token, "the receipt's login link").toBeTruthy();
  expect((await api(page, "POST", "/api/auth/login", { email, tmp_token: token })).status).toBe(200);
}

let visitors = 0;
/**
 * Makes this page a visitor of its own: the e2e server trusts the loopback proxy (TRUST_PROXY in
 * playwright.config.ts), so every request carries this test's own client address. Without it the
 * whole suite shares one address and meets the per-address limits on e-mails a real visitor never
 * would (ten login links per address in 15 minutes).
 */
export async function asNewVisitor(page: Page) {
  visitors += 1;
  const n = (Date.now() % 60_000) + visitors * 7;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` });
}

/** A new account, logged in through an e-mailed login link; never paid. */
export async function newAccount(page: Page, email: string) {
  await asNewVisitor(page);
  await page.goto("/");
  expect((await api(page, "POST", "/api/customer/prepare-cabinet", { email })).status).toBe(200);
  expect((await api(page, "POST", "/api/auth/login-link", { email })).status).toBe(202);
  const token = (await mailText(page, email, /login link/i)).match(/tmp_token=([\w-]+)/)?.[1];
  expect(token, "the login link's token").toBeTruthy();
  expect((await api(page, "POST", "/api/auth/login", { email, tmp_token: token })).status).toBe(200);
}

/** A new account with the 7-day trial bought in the sandbox (no quiz), logged in. */
export async function newSubscriber(page: Page, email: string) {
  await newAccount(page, email);
  const start = await api(page, "POST", "/api/checkout/start", { product_id: "trial_7d" });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  await page.goto((start.body.data as { url: string }).url);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL(/\/order-success\?order_id=/, { timeout: 60_000 });
  await expect(async () => {
    const paid = await api(page, "GET", "/api/customer/paid-content");
    expect((paid.body.data as { has_access?: boolean } | undefined)?.has_access).toBe(true);
  }).toPass({ timeout: 30_000 });
}
