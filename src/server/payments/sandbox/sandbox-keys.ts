/**
 * Built-in test keys for sandbox mode (no credentials configured, never in production). They are
 * public on purpose: they only sign notifications our own sandbox page sends to ourselves.
 */
export const SANDBOX_KEYS = {
  max_pay: { publicKey: "pkTest_pathwise_sandbox", privateKey: "skTest_pathwise_sandbox_private_key" },
  pay_pro: { secretKey: "pathwise-sandbox-paypro-secret", validationKey: "pathwise-sandbox-paypro-validation" },
} as const;
