import { api } from "../api/client.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** The server refuses longer messages (schemas/api/log.ts). */
const MAX_MESSAGE = 2000;

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * Reports a problem seen in the browser: to the console, and to the team's chat channel through
 * `POST /log`. Never throws and never rejects: logging must not break the page that logs.
 */
export function logClient(level: LogLevel, message: string, error?: unknown): void {
  const text = (error === undefined ? message : `${message}: ${describe(error)}`).slice(0, MAX_MESSAGE);
  const write = level === "error" ? console.error : level === "warn" ? console.warn : level === "info" ? console.info : console.debug;
  if (error === undefined) write(`[pathwise] ${message}`);
  else write(`[pathwise] ${message}`, error);
  const context = typeof window === "undefined" ? "" : ` (at ${window.location.pathname})`;
  api.post("/log", { message: `${text}${context}`.slice(0, MAX_MESSAGE), level }).catch(() => {
    // Nothing more to do: the console already has it.
  });
}
