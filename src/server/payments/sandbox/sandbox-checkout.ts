import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, orders, products } from "#server/db/schema.ts";
import type { Order } from "../orders.ts";
import { MAXPAY_ORDER_PARAM } from "../providers/max-pay.ts";
import { maxpayRequestSignature } from "../providers/maxpay-signature.ts";
import { toMinor } from "../money.ts";
import { PAYPRO_ORDER_FIELD } from "../providers/pay-pro.ts";
import type { ProviderCode } from "../provider.ts";
import { SANDBOX_KEYS } from "./sandbox-keys.ts";
import { sameDigest } from "../providers/timing-safe.ts";

type SandboxCheckoutRequest = {
  order: Order;
  productName: string;
  email: string;
  /** Where the visitor goes back to: our order-redirect page. */
  successUrl: string;
  declineUrl: string;
};

export type Checked = { ok: true; checkout: SandboxCheckoutRequest } | { ok: false; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fail = (reason: string): Checked => ({ ok: false, reason });

async function loadOrder(db: Db, provider: ProviderCode, id: string | null) {
  if (!id || !UUID.test(id)) return null;
  const [row] = await db
    .select({ order: orders, productName: products.name, email: customers.email })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id));
  return row && row.order.provider === provider ? row : null;
}

/** Our own page, or the order-redirect page when the URL points anywhere else. */
const sameOrigin = (url: string | null, appOrigin: string, fallback: string) => (url && url.startsWith(`${appOrigin}/`) ? url : fallback);

/**
 * Checks a hosted-checkout request as the provider would before showing its page: for Maxpay the
 * request signature over every field (so the price cannot have been changed), for PayPro the link's
 * fields; then that the order exists, is still payable, and is what the link says.
 */
export async function checkSandboxCheckout(db: Db, provider: ProviderCode, params: URLSearchParams, appOrigin: string): Promise<Checked> {
  const fallback = (id: string) => `${appOrigin}/order-redirect?order_id=${encodeURIComponent(id)}`;
  if (provider === "max_pay") {
    const fields = Object.fromEntries([...params].filter(([k]) => k !== "signature"));
    if (fields.key !== SANDBOX_KEYS.max_pay.publicKey) return fail("the public key is not the sandbox key");
    if (!sameDigest(maxpayRequestSignature(fields, SANDBOX_KEYS.max_pay.privateKey), params.get("signature")))
      return fail("the request signature does not match");
    const row = await loadOrder(db, provider, params.get(MAXPAY_ORDER_PARAM));
    if (!row) return fail("there is no such order");
    let product: { productId?: unknown; currency?: unknown; amount?: unknown };
    try {
      const list: unknown = JSON.parse(params.get("customproduct") ?? "[]");
      product = (Array.isArray(list) && list[0] && typeof list[0] === "object" ? list[0] : {}) as typeof product;
    } catch {
      return fail("the product is not readable");
    }
    const { order } = row;
    if (product.productId !== order.productId || product.currency !== order.currency || toMinor(product.amount) !== order.amount) {
      return fail("the product or price does not match the order");
    }
    if (order.status !== "pending" && order.status !== "declined") return fail(`this order is already ${order.status}`);
    return {
      ok: true,
      checkout: {
        ...row,
        successUrl: sameOrigin(params.get("success_url"), appOrigin, fallback(order.id)),
        declineUrl: sameOrigin(params.get("decline_url"), appOrigin, fallback(order.id)),
      },
    };
  }
  const row = await loadOrder(db, provider, params.get(PAYPRO_ORDER_FIELD));
  if (!row) return fail("there is no such order");
  const { order } = row;
  if (params.get("products[1][id]") !== order.productId || params.get("currency") !== order.currency)
    return fail("the product or currency does not match the order");
  if (order.status !== "pending" && order.status !== "declined") return fail(`this order is already ${order.status}`);
  return { ok: true, checkout: { ...row, successUrl: fallback(order.id), declineUrl: fallback(order.id) } };
}
