/**
 * The currencies the app sells in. A plain list with no zod so that browser code (the pricing
 * page's currency picker) can import it without pulling the validator into the bundle.
 */
export const currencies = ["USD", "EUR", "GBP", "CAD", "AUD"] as const;
export type Currency = (typeof currencies)[number];
