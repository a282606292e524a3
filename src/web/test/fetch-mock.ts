import { vi } from "vitest";

export type Reply = { status?: number; body?: unknown } | Error;
export type Call = { method: string; path: string; body: unknown };

/**
 * Replaces global fetch with a table of answers keyed by "METHOD /path" (path without /api and
 * without the query). Unlisted calls answer 404; `POST /log` answers 202 unless listed.
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
      const reply = typeof route === "function" ? route(call) : (route ?? { status: 404, body: { error: { code: "not_found", message: "Not found" } } });
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
