import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { ProductView } from "#schemas/api/payments.ts";
import { productsFile } from "#schemas/content/product.ts";

/**
 * The real plans from content/products, priced in US dollars as `GET /payment/products/paypro`
 * would serve them, so pre-checkout and payment stories show what visitors see.
 */
export function previewPlans(root = join(import.meta.dirname, "..", "content", "products")): ProductView[] {
  return readdirSync(root)
    .filter((f) => f.endsWith(".yaml"))
    .flatMap((f) => productsFile.parse(parse(readFileSync(join(root, f), "utf8"))).products)
    .sort((a, b) => a.order - b.order)
    .map((p) => ({
      id: p.id,
      name: p.name,
      summary: p.summary,
      includes: p.includes,
      badge: p.badge ?? null,
      // Counted by the server from the last 30 days' sales; a preview has none.
      most_popular: false,
      // A preview shows no flow's offer, so nothing is chosen for the visitor.
      preselected: false,
      trial_days: p.trial_days,
      period: p.period,
      currency: "USD" as const,
      first_amount: p.prices.USD.first,
      renewal_amount: p.prices.USD.renewal,
    }));
}
