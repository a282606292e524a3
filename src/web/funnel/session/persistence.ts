import type { Snapshot } from "xstate";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";

/**
 * The visitor's place in a flow, kept in local storage: the machine snapshot, the flow hash it
 * belongs to and the server session id. A snapshot of another flow version is not restored;
 * its answers to steps that still exist are carried over instead.
 */
export type SavedProgress = { hash: string; snapshot: Snapshot<unknown> & { context?: { answers?: Answers } }; sessionId: string | null };

const key = (code: string) => `funnel:${code}`;

export function readProgress(code: string): SavedProgress | null {
  try {
    const raw = localStorage.getItem(key(code));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SavedProgress>;
    if (typeof parsed.hash !== "string" || typeof parsed.snapshot !== "object" || parsed.snapshot === null) return null;
    return { hash: parsed.hash, snapshot: parsed.snapshot, sessionId: typeof parsed.sessionId === "string" ? parsed.sessionId : null };
  } catch {
    return null;
  }
}

export function writeProgress(code: string, progress: SavedProgress): void {
  try {
    localStorage.setItem(key(code), JSON.stringify(progress));
  } catch {
    // Storage full or disabled (private mode): the funnel still works, it just won't survive a reload.
  }
}

/** Drops the saved run of a flow (the restart link, ADR 077): the next runner starts with nothing of it. */
export function forgetProgress(code: string): void {
  try {
    localStorage.removeItem(key(code));
  } catch {
    // Storage disabled, or no browser (the server's render): there is nothing saved to drop.
  }
}

/** Answers of a saved snapshot that still mean something in this version of the flow. */
export function carriedAnswers(flow: CompiledFlow, saved: SavedProgress): Answers {
  const answers = saved.snapshot.context?.answers ?? {};
  const ids = new Set(flow.steps.map((s) => s.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => ids.has(id)));
}
