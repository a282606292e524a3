import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "./client.ts";

/** The server's answers, in order; every call the client made. */
function server(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body });
      const a = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { "content-type": "application/json", ...a.headers } });
    }),
  );
  return calls;
}

const busy = { status: 503, body: { error: { code: "busy", message: "Pathwise is very busy right now." } }, headers: { "retry-after": "0" } };

afterEach(() => vi.unstubAllGlobals());

describe("the API client when the server is too busy to take a call (503 busy, Retry-After)", () => {
  it("sends the same call again and gives the answer that came", async () => {
    const calls = server([busy, busy, { status: 200, body: { data: { saved: true } } }]);
    expect(await api.post("/quiz/sessions/s/answers", { step_id: "q1", value: 3 })).toEqual({ saved: true });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => `${c.url} ${String(c.body)}`)).size).toBe(1);
  });

  it("gives up after three more tries with the server's message", async () => {
    const calls = server([busy]);
    const error = await api.get("/catalog").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).code).toBe("busy");
    expect(calls).toHaveLength(4);
  });

  it("does not send again a 503 that is not 'busy' (the server may have done something)", async () => {
    const calls = server([{ status: 503, body: { error: { code: "unavailable", message: "down" } } }]);
    await expect(api.post("/checkout/start", {})).rejects.toMatchObject({ status: 503, code: "unavailable" });
    expect(calls).toHaveLength(1);
  });
});
