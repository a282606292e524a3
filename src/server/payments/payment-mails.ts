import type { Db } from "../db/client.ts";
import type { reportRequests, subscriptions } from "../db/schema.ts";
import type { Order } from "./orders.ts";
import type { Product } from "./products.ts";

/** What a first payment unlocked: the receipt e-mail is written from it, in the same transaction. */
export type Fulfilment = {
  order: Order;
  product: Product;
  email: string;
  subscription: typeof subscriptions.$inferSelect | null;
  /**
   * The personal report the order bought, as its request stood when the receipt was written (in the
   * same transaction): the receipt says "ready" or "being prepared" from this. Null when the order
   * bought no quiz's report (a plan bought on its own).
   */
  report: { code: string; status: (typeof reportRequests.$inferSelect)["status"] } | null;
};

/**
 * The e-mails a notification sends, queued in its transaction: the receipt of a first payment, the
 * notice of a refund. Applied by payment-events.ts, written by src/server/payments/queue-receipt.ts.
 */
export type PaymentMails = {
  receipt(tx: Db, fulfilment: Fulfilment): Promise<void>;
  refund(tx: Db, order: Order): Promise<void>;
};
