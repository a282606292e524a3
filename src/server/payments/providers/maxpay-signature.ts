import { createHash } from "node:crypto";

/** A request field: a string, or a nested map (flattened as `parent.child`). */
export type SignedFields = { [key: string]: string | SignedFields };

/** PHP `ksort` on string keys: plain byte order (our keys are ASCII). */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The SDK's `implodeRecursive`: every leaf as `key=value|`, keys sorted at each level, nested keys as `parent.child`. */
export function implodeFields(fields: SignedFields, prefix?: string): string {
  let out = "";
  for (const key of Object.keys(fields).sort(byKey)) {
    const name = prefix === undefined ? key : `${prefix}.${key}`;
    const value = fields[key]!;
    out += typeof value === "string" ? `${name}=${value}|` : implodeFields(value, name);
  }
  return out;
}

/**
 * Maxpay HPP and API request signature (SDK `SignatureHelper::generate($fields, $privateKey, true)`):
 * hex(SHA-256(lower-case(implode(fields) ‖ privateKey))). A plain hash of data and secret, not an HMAC.
 */
export function maxpayRequestSignature(fields: SignedFields, privateKey: string): string {
  return createHash("sha256")
    .update((implodeFields(fields) + privateKey).toLowerCase(), "utf8")
    .digest("hex");
}

/**
 * Maxpay Callback 2.0 `X-Signature` (SDK `validateCallback`): hex(SHA-256(rawBody ‖ privateKey)),
 * over the exact request bytes, no lower-casing.
 */
export function maxpayCallbackSignature(rawBody: Buffer, privateKey: string): string {
  return createHash("sha256").update(rawBody).update(privateKey, "utf8").digest("hex");
}
