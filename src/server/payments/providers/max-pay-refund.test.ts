import { describe, expect, it } from "vitest";
import { createMaxPay, type MaxPayConfig } from "./max-pay.ts";
import { maxpayRequestSignature } from "./maxpay-signature.ts";

/** A Maxpay adapter whose HTTP calls are answered by `answer` and recorded. */
function maxPay(mode: MaxPayConfig["mode"], answer: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fetchStub = (async (url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Record<string, unknown>;
    calls.push({ url, body });
    return answer(body);
  }) as unknown as typeof fetch;
  const provider = createMaxPay({
    mode,
    publicKey: "pk_live",
    privateKey: "PRIVATE",
    hppHost: "https://hpp.example",
    appOrigin: "http://localhost",
    fetch: fetchStub,
  });
  return { provider, calls };
}

const payment = { orderId: "0b5e3a53-3f2e-4c8f-9a55-1d7c2e0f6a11", providerOrderId: "tx-123", amount: 1999, currency: "USD" };

describe("Maxpay refund of a duplicate payment", () => {
  it("live: posts the transaction, amount and currency, signed with the private key; success gives the refund's transaction id", async () => {
    const { provider, calls } = maxPay("live", () => Response.json({ status: "success", transactionId: "rf-9" }));
    expect(await provider.refund(payment, "refund:k1")).toEqual({ ok: true, reference: "rf-9" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://hpp.example/api/refund");
    const { signature, ...fields } = calls[0]!.body;
    expect(fields).toEqual({ publicKey: "pk_live", transactionId: "tx-123", amount: "19.99", currency: "USD", pathwise_idempotency_key: "refund:k1" });
    expect(signature).toBe(maxpayRequestSignature(fields as Record<string, string>, "PRIVATE"));
  });

  it("live: a server error or a network failure may be retried; a refusal may not; no transaction id is refused without a call", async () => {
    const failing = maxPay("live", () => new Response("{}", { status: 502 }));
    expect(await failing.provider.refund(payment, "k")).toMatchObject({ ok: false, retryable: true });
    const refused = maxPay("live", () => Response.json({ status: "decline", message: "Transaction already refunded" }));
    expect(await refused.provider.refund(payment, "k")).toEqual({ ok: false, reason: "Transaction already refunded", retryable: false });
    const offline = maxPay("live", () => Promise.reject(new Error("ECONNRESET")));
    expect(await offline.provider.refund(payment, "k")).toMatchObject({ ok: false, retryable: true, reason: "refund failed: ECONNRESET" });
    const none = maxPay("live", () => Response.json({ status: "success" }));
    expect(await none.provider.refund({ ...payment, providerOrderId: null }, "k")).toMatchObject({ ok: false, retryable: false });
    expect(none.calls).toHaveLength(0);
  });

  it("sandbox: refunds at once with the same reference for the same key; unconfigured: refused", async () => {
    const sandbox = maxPay("sandbox", () => Response.json({}));
    const first = await sandbox.provider.refund(payment, "refund:a");
    expect(first.ok).toBe(true);
    expect(await sandbox.provider.refund(payment, "refund:a")).toEqual(first);
    expect(sandbox.calls).toHaveLength(0);
    expect((await maxPay("unconfigured", () => Response.json({})).provider.refund(payment, "k")).ok).toBe(false);
  });
});
