import { and, asc, eq } from "drizzle-orm";
import type { ProductView } from "#schemas/api/payments.ts";
import type { Currency } from "#schemas/content/product.ts";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema.ts";

export type Product = typeof products.$inferSelect;

/**
 * One plan priced in one currency, as the pre-checkout shows it; null when it has no price there.
 * `mostPopular` is the id the server counted (flowStats.mostPopularPlan), or null.
 */
export function productView(p: Product, currency: Currency, mostPopular: string | null = null, preselected: string | null = null): ProductView | null {
  const price = p.prices[currency];
  if (!price) return null;
  return {
    id: p.id,
    name: p.name,
    summary: p.summary,
    includes: p.includes,
    badge: p.badge,
    most_popular: p.id === mostPopular,
    preselected: p.id === preselected,
    trial_days: p.trialDays,
    period: p.period,
    currency,
    first_amount: price.first,
    renewal_amount: price.renewal,
  };
}

/** Every plan on sale, in content order. */
export async function activeProducts(db: Db): Promise<Product[]> {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder), asc(products.id));
}

/** A plan that is on sale now (retired plans cannot be bought). */
export async function productOnSale(db: Db, id: string): Promise<Product | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  return row ?? null;
}

/** Any plan, also a retired one (orders and subscriptions keep pointing at it). */
export async function productById(db: Pick<Db, "select">, id: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}
