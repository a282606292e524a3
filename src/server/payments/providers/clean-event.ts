import type { NormalizedEvent } from "../provider.ts";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text PostgreSQL can store: no NUL, no lone surrogate halves. */
const storable = (text: string) => text.replace(/\0/g, "").replace(LONE_SURROGATE, "\ufffd");
const maybe = (text: string | null | undefined) => (typeof text === "string" ? storable(text) : (text ?? null));

/** Names of fields that carry a signature (PayPro HASH, SIGNATURE; Maxpay checkSum), at any depth: never stored. */
const SIGNATURE_KEYS = new Set(["hash", "signature", "checksum", "x-signature"]);

/**
 * The event with every stored string made storable, so no notification can make the insert fail,
 * and without signature values (a stored signature would let whoever reads the table replay it).
 */
export function cleanEvent(event: NormalizedEvent): NormalizedEvent {
  const json = JSON.stringify(event.raw, (key, value: unknown) =>
    SIGNATURE_KEYS.has(key.toLowerCase()) ? undefined : typeof value === "string" ? storable(value) : value,
  );
  // What is left unstorable can only be in a key: keep a marker rather than fail the insert.
  const cleanRaw = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(json) ? { unstorable_payload: true } : (JSON.parse(json) as Record<string, unknown>);
  return {
    ...event,
    key: storable(event.key),
    providerType: storable(event.providerType),
    providerOrderId: maybe(event.providerOrderId),
    orderRef: maybe(event.orderRef),
    payerEmail: maybe(event.payerEmail),
    payerId: maybe(event.payerId),
    conflict: maybe(event.conflict),
    currency: maybe(event.currency),
    productId: maybe(event.productId),
    billToken: maybe(event.billToken),
    providerSubscriptionId: maybe(event.providerSubscriptionId),
    raw: cleanRaw,
  };
}
