import { describe, expect, it } from "vitest";
import { implodeFields, maxpayCallbackSignature, maxpayRequestSignature } from "./maxpay-signature.ts";

// Vectors computed by hand with coreutils, independently of this code:
//   printf '%s' '<string>' | sha256sum
describe("Maxpay signatures", () => {
  it("request: sorted key=value| pairs, private key appended, all lower-cased, SHA-256", () => {
    const fields = { uniqueuserid: "42", key: "pkTest_ABC", customproduct: '[{"amount":1.99}]', buttontext: "Pay" };
    expect(implodeFields(fields)).toBe('buttontext=Pay|customproduct=[{"amount":1.99}]|key=pkTest_ABC|uniqueuserid=42|');
    // sha256('buttontext=pay|customproduct=[{"amount":1.99}]|key=pktest_abc|uniqueuserid=42|secret')
    expect(maxpayRequestSignature(fields, "SECRET")).toBe("d98e67cc45e5ee409607e45da73fde54a47a047dad1462acae23142f2618c93e");
  });

  it("request: nested maps are flattened as parent.child and sorted at each level", () => {
    // sha256('a.b=1|a.c=2|z=3|k')
    expect(maxpayRequestSignature({ z: "3", a: { c: "2", b: "1" } }, "K")).toBe("7c085676bc01268e6dc57da0b6a3d99c3ee7e2de4b348fa6d50baac2a6c5d808");
  });

  it("callback: SHA-256 of the raw body bytes followed by the private key, case kept", () => {
    const body = Buffer.from('{"transactionId":"t1","status":"success"}');
    // sha256('{"transactionId":"t1","status":"success"}SeCrEt')
    expect(maxpayCallbackSignature(body, "SeCrEt")).toBe("44d2f0d14aabef195a51c8ccbc58e8ba975fdc99f7669387c42f9098cb9a52d8");
    expect(maxpayCallbackSignature(Buffer.from('{"transactionId":"t1", "status":"success"}'), "SeCrEt")).not.toBe(
      "44d2f0d14aabef195a51c8ccbc58e8ba975fdc99f7669387c42f9098cb9a52d8",
    );
  });
});
