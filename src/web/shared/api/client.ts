/**
 * The one way the browser calls the API: `/api` + path, cookies included, JSON in and out.
 * Success bodies are `{ data }` and resolve to `data`; anything else rejects with an ApiError
 * that carries the server's `{ error: { code, message, issues, unlock } }`.
 */
import type { ErrorBody, UnlockHint } from "#schemas/api/envelope.ts";

export type ApiIssue = NonNullable<ErrorBody["error"]["issues"]>[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** A 403 `subscription_required`: what unlocks the content (ADR 017). */
    readonly unlock: UnlockHint | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Query = Record<string, string | number | boolean | undefined>;

const answeredListeners = new Set<(path: string) => void>();

/** Calls `listener` with the path (without /api) of every call the API answered successfully; returns the way to stop. */
export function onApiAnswered(listener: (path: string) => void): () => void {
  answeredListeners.add(listener);
  return () => void answeredListeners.delete(listener);
}

const NETWORK_MESSAGE = "We could not reach Pathwise. Check your connection and try again.";

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ""}`;
}

let send: typeof fetch = (input, init) => fetch(input, init);

/** How calls reach the API: the browser's fetch, or, in the server's renderer, the server itself (src/web/ssr/entry-server.tsx). */
export function setApiTransport(transport: typeof fetch): void {
  send = transport;
}

type Options = { query?: Query; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

/** How often a call the server was too busy to take (503 `busy`, src/server/plugins/admission.ts) is sent again. */
const BUSY_RETRIES = 3;

/** Seconds the server asked us to wait (Retry-After), within reason; a little jitter so a crowd does not return at once. */
function busyWaitMs(response: Response): number {
  const header = response.headers.get("retry-after");
  const seconds = header === null ? NaN : Number(header);
  return (Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 10) : 1) * 1000 * (1 + Math.random() / 2);
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("The call was aborted", "AbortError"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("The call was aborted", "AbortError"));
    });
  });
}

/**
 * A 503 `busy` is answered before the server did anything with the call, so sending it again is
 * safe for a POST too; it is sent again after the Retry-After the server gave, a few times.
 */
async function request<T>(method: "GET" | "POST", path: string, options: Options): Promise<T> {
  for (let retry = 0; ; retry++) {
    const answer = await requestOnce<T>(method, path, options);
    if (!("busy" in answer)) return answer.data;
    if (retry >= BUSY_RETRIES) throw answer.error;
    await wait(busyWaitMs(answer.busy), options.signal);
  }
}

async function requestOnce<T>(method: "GET" | "POST", path: string, options: Options): Promise<{ data: T } | { busy: Response; error: ApiError }> {
  let response: Response;
  try {
    response = await send(url(path, options.query), {
      method,
      credentials: "include",
      headers: { ...(method === "POST" ? { "content-type": "application/json" } : {}), accept: "application/json", ...options.headers },
      body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === "object" && "data" in body) {
    for (const listener of answeredListeners) listener(path);
    return { data: (body as { data: T }).data };
  }
  const error = (body as Partial<ErrorBody> | null)?.error;
  const apiError = new ApiError(
    response.status,
    error?.code ?? "unexpected_response",
    error?.message ?? `The server answered ${response.status}`,
    error?.issues,
    error?.unlock ?? null,
  );
  if (response.status === 503 && error?.code === "busy") return { busy: response, error: apiError };
  throw apiError;
}

export const api = {
  get: <T>(path: string, options: { query?: Query; signal?: AbortSignal } = {}) => request<T>("GET", path, options),
  /** `headers` adds request headers, e.g. an `Idempotency-Key` that makes a retried change safe. */
  post: <T>(path: string, body?: unknown, options: { signal?: AbortSignal; headers?: Record<string, string> } = {}) =>
    request<T>("POST", path, { ...options, body }),
};
