import { describe, expect, it } from "vitest";
import { PAYPRO_TEST_HASH, payproHash, payproSignature } from "./paypro-signature.ts";

// Vectors computed by hand with coreutils (md5sum, sha256sum), independently of this code.
describe("PayPro IPN signatures", () => {
  it("HASH is MD5(ORDER_ID + secret key); test orders always carry MD5('1')", () => {
    // printf '%s' '98765432my-secret' | md5sum
    expect(payproHash("98765432", "my-secret")).toBe("1bc814a04478e4f9e76b58de07274e15");
    expect(PAYPRO_TEST_HASH).toBe("c4ca4238a0b923820dcc509a6f75849b");
  });

  it("SIGNATURE is SHA-256 of ORDER_ID, ORDER_STATUS, ORDER_TOTAL_AMOUNT, CUSTOMER_EMAIL, validation key, TEST_MODE and IPN_TYPE_NAME, no separators", () => {
    const fields = {
      ORDER_ID: "12345",
      ORDER_STATUS: "Processed",
      ORDER_TOTAL_AMOUNT: "9.99",
      CUSTOMER_EMAIL: "",
      TEST_MODE: "1",
      IPN_TYPE_NAME: "OrderCharged",
    };
    // printf '%s' '12345Processed9.99123qwerty1OrderCharged' | sha256sum
    expect(payproSignature(fields, "123qwerty")).toBe("de5618173458ee2aaed43d09a4e65e1d0b7c497b27dfab62f27344b9105d24c1");
    expect(payproSignature({ ...fields, ORDER_TOTAL_AMOUNT: "0.99" }, "123qwerty")).not.toBe(
      "de5618173458ee2aaed43d09a4e65e1d0b7c497b27dfab62f27344b9105d24c1",
    );
  });
});
