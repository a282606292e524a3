import { describe, expect, it } from "vitest";
import { cleanEvent } from "./clean-event.ts";
import { parseMaxPayCallback } from "./max-pay.ts";
import { parsePayProIpn } from "./pay-pro.ts";

const ORDER = "0b6f7c5e-2f4a-4c3e-9a51-1d2e3f4a5b6c";
const OTHER = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";

const ipn = (fields: Record<string, string>) =>
  Buffer.from(
    new URLSearchParams({
      IPN_TYPE_ID: "1",
      IPN_TYPE_NAME: "OrderCharged",
      ORDER_ID: "12345",
      ORDER_STATUS: "Processed",
      ORDER_TOTAL_AMOUNT: "19.99",
      ORDER_CURRENCY_CODE: "USD",
      CUSTOMER_EMAIL: "Payer@Example.com",
      PRODUCT_ID: "month_1",
      ORDER_CUSTOM_FIELDS: `x-order_id=${ORDER}`,
      TEST_MODE: "1",
      HASH: "c4ca4238a0b923820dcc509a6f75849b",
      SIGNATURE: "ab".repeat(32),
      ...fields,
    }).toString(),
  );
const parse = (fields: Record<string, string> = {}) => parsePayProIpn(ipn(fields), {})[0]!;

describe("PayPro IPN: decisions come from the signed fields", () => {
  it("the type comes from IPN_TYPE_NAME, the key from ORDER_ID + IPN_TYPE_NAME, the payer from CUSTOMER_EMAIL", () => {
    const event = parse();
    expect(event).toMatchObject({
      type: "payment_succeeded",
      key: "12345:OrderCharged",
      orderRef: ORDER,
      orderRefSigned: false,
      payerEmail: "Payer@Example.com",
      conflict: null,
    });
    expect(parse({ IPN_TYPE_ID: "3", IPN_TYPE_NAME: "OrderChargedBack" })).toMatchObject({ type: "refunded", key: "12345:OrderChargedBack", conflict: null });
  });

  it("an IPN_TYPE_ID that disagrees with the signed name is a conflict, and does not change the type", () => {
    for (const id of ["2", "3", "99"]) {
      const event = parse({ IPN_TYPE_ID: id });
      expect(event.type).toBe("payment_succeeded");
      expect(event.conflict).toContain(`IPN_TYPE_ID ${id}`);
    }
  });

  it("unsigned fields (PRODUCT_ID, IPN_TYPE_ID, x-order_id) do not change the key", () => {
    const key = parse().key;
    expect(parse({ PRODUCT_ID: "quarter_3" }).key).toBe(key);
    expect(parse({ IPN_TYPE_ID: "2" }).key).toBe(key);
    expect(parse({ ORDER_CUSTOM_FIELDS: `x-order_id=${OTHER}` }).key).toBe(key);
  });

  it("two different order references in one IPN are a conflict", () => {
    expect(parse({ "x-order_id": OTHER }).conflict).toContain("2 different orders");
    expect(parse({ "x-order_id": ORDER.toUpperCase() }).conflict).toBeNull();
  });

  it("names that are not ours map to unknown, including Object.prototype's", () => {
    expect(parse({ IPN_TYPE_ID: "", IPN_TYPE_NAME: "constructor" }).type).toBe("unknown");
    expect(parse({ IPN_TYPE_ID: "5", IPN_TYPE_NAME: "OrderPartiallyRefunded" })).toMatchObject({ type: "unknown", conflict: null });
  });

  it("HASH and SIGNATURE are not kept in the payload", () => {
    const { raw } = cleanEvent(parse());
    expect(raw).not.toHaveProperty("HASH");
    expect(raw).not.toHaveProperty("SIGNATURE");
    expect(raw).toHaveProperty("ORDER_ID", "12345");
  });
});

describe("Maxpay callback: the whole body is signed", () => {
  const body = (extra: Record<string, unknown> = {}) =>
    Buffer.from(
      JSON.stringify({
        transactionId: "tx1",
        uniqueUserId: "cust-1",
        email: "payer@example.com",
        totalAmount: 19.99,
        currency: "USD",
        transactionType: "SALE",
        status: "success",
        customParameters: { pathwise_order_id: ORDER },
        ...extra,
      }),
    );

  it("the order reference is signed; the payer's e-mail and user id are read for the customer check", () => {
    expect(parseMaxPayCallback(body(), true)[0]).toMatchObject({
      orderRef: ORDER,
      orderRefSigned: true,
      payerEmail: "payer@example.com",
      payerId: "cust-1",
      conflict: null,
    });
    expect(parseMaxPayCallback(body({ email: undefined, uniqueUserId: undefined }), true)[0]).toMatchObject({ payerEmail: null, payerId: null });
  });

  it("no signature-like field is kept, at any depth", () => {
    const { raw } = cleanEvent(
      parseMaxPayCallback(body({ checkSum: "x", signature: "y", customParameters: { pathwise_order_id: ORDER, Hash: "z" } }), true)[0]!,
    );
    expect(JSON.stringify(raw)).not.toMatch(/checkSum|signature|"Hash"/i);
    expect(raw).toMatchObject({ transactionId: "tx1", customParameters: { pathwise_order_id: ORDER } });
  });
});
