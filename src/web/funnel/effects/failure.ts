import { ApiError } from "#web/shared/api/client.ts";

/** The server's words for a problem the visitor can fix (4xx), else `fallback`. */
export const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;
