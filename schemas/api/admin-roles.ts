/** The roles an account can have: customers buy; staff run the funnels from /admin (ADR 037). Zod-free. */
export const STAFF_ROLES = ["customer", "staff"] as const;
export type Role = (typeof STAFF_ROLES)[number];
