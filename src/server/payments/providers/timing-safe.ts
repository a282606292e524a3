import { timingSafeEqual } from "node:crypto";

/** Compares two hex digests in constant time (case-insensitive); different lengths are simply unequal. */
export function sameDigest(expected: string, received: string | undefined | null): boolean {
  if (typeof received !== "string") return false;
  const a = Buffer.from(expected.toLowerCase(), "utf8");
  const b = Buffer.from(received.trim().toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
