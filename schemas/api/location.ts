import { z } from "zod";

const currency = z.enum(["USD", "EUR", "GBP", "CAD", "AUD"]);
export type Currency = z.infer<typeof currency>;

export const location = z.object({
  country: z.string().length(2).nullable().describe("ISO 3166-1 alpha-2, or null when unknown"),
  currency: currency.describe("The currency prices are shown in; USD when the country is unknown"),
  source: z.enum(["cdn", "accept-language"]).nullable().describe("Where the country came from"),
});
export type Location = z.infer<typeof location>;
