import { createHash } from "node:crypto";

/** PayPro sends this HASH for every test order, whatever the secret key: MD5("1"). */
export const PAYPRO_TEST_HASH = createHash("md5").update("1").digest("hex");

/** IPN `HASH` of a real order: MD5(ORDER_ID + secret key). */
export const payproHash = (orderId: string, secretKey: string): string =>
  createHash("md5")
    .update(orderId + secretKey, "utf8")
    .digest("hex");

export type PayProSignedFields = {
  ORDER_ID: string;
  ORDER_STATUS: string;
  ORDER_TOTAL_AMOUNT: string;
  CUSTOMER_EMAIL: string;
  TEST_MODE: string;
  IPN_TYPE_NAME: string;
};

/**
 * IPN `SIGNATURE`: SHA-256 of ORDER_ID + ORDER_STATUS + ORDER_TOTAL_AMOUNT + CUSTOMER_EMAIL +
 * VALIDATION_KEY + TEST_MODE + IPN_TYPE_NAME, concatenated with no separators.
 */
export function payproSignature(f: PayProSignedFields, validationKey: string): string {
  const text = f.ORDER_ID + f.ORDER_STATUS + f.ORDER_TOTAL_AMOUNT + f.CUSTOMER_EMAIL + validationKey + f.TEST_MODE + f.IPN_TYPE_NAME;
  return createHash("sha256").update(text, "utf8").digest("hex");
}
