import { createHash } from "node:crypto";
import type { OperationResult } from "../provider.ts";

/** A sandbox operation always succeeds, with a reference derived from its key (so a retry gets the same one). */
export const sandboxResult = (provider: string, operation: string, idempotencyKey: string): OperationResult => ({
  ok: true,
  reference: `sbx_${provider}_${operation}_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 20)}`,
});

export const notConfigured: OperationResult = { ok: false, reason: "payment provider not configured", retryable: false };
