import { vi } from "vitest";

export type Reply = { status?: number; body?: unknown } | Error;
export type Call = { method: string; path: string; body: unknown };

/** Calls no mockFetch table listed, since the test began (checkUnhandledFetches reads them). */
let unhandled: string[] = [];

/**
 * Replaces global fetch with a table of answers keyed by "METHOD /path" (path without /api and
 * without the query). `POST /log` answers 202 unless listed. A call the table does not list is an
 * error, as with MSW's `onUnhandledRequest: "error"`: the fetch rejects with the method and URL, and
 * the test fails after it ends (checkUnhandledFetches in setup.ts) even if the page caught it. A test
 * that means a call to fail lists it (`fail(404, "not_found")`).
 * Returns the calls made, in order (the account pages' background `POST /customer/time-zone` is
 * answered and left out unless listed). Restore with vi.unstubAllGlobals() (done in setup.ts).
 */
export function mockFetch(routes: Record<string, Reply | ((call: Call) => Reply)>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input, "http://localhost");
      const method = (init?.method ?? "GET").toUpperCase();
      const path = url.pathname.replace(/^\/api/, "");
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const call = { method, path, body };
      const key = `${method} ${path}`;
      // Every account page keeps the browser's time zone on the server in the background: answered, not counted.
      if (key === "POST /customer/time-zone" && !routes[key])
        return new Response(JSON.stringify({ data: body ?? null }), { status: 200, headers: { "content-type": "application/json" } });
      calls.push(call);
      const route = routes[key] ?? (key === "POST /log" ? { status: 202, body: { data: { ok: true } } } : undefined);
      if (!route) {
        const unlisted = `${method} ${url.pathname}${url.search}`;
        unhandled.push(unlisted);
        throw new Error(`mockFetch: ${unlisted} was not expected; list "${key}" in the test's mockFetch table`);
      }
      const reply = typeof route === "function" ? route(call) : route;
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body ?? null), {
        status: reply.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

/** `{ data }` with status 200. */
export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });

/** An API error body. */
export const fail = (status: number, code: string, message = code): Reply => ({ status, body: { error: { code, message } } });

/** Throws, naming each, if a call no mockFetch table listed was made since the last check (after every test, in setup.ts). */
export function checkUnhandledFetches(): void {
  const made = unhandled;
  unhandled = [];
  if (made.length > 0) throw new Error(`fetch calls no mockFetch table listed:\n${made.map((c) => `  - ${c}`).join("\n")}`);
}

/** Calls a test lists as answered 404 "not_found": parts of the page it does not look at, asked for by a page that copes. */
export const notFound = (...keys: string[]): Record<string, Reply> => Object.fromEntries(keys.map((key) => [key, fail(404, "not_found", "Not found")]));
