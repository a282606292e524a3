import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ApiError } from "#web/shared/api/client.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { lastCheckout, orderQueryOptions, rememberCheckout, startCheckout } from "#web/shared/money/orders.ts";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import { flowPaths } from "./flow-paths.ts";
import "./checkout.css";

/**
 * A payment that did not go through (`/order-declined?order_id=`, `/declined`): what happened,
 * without blame, a one-click retry of the same plan, another plan, and a person to write to.
 */
export function OrderDeclinedPage() {
  const t = useT();
  const [search] = useSearchParams();
  const orderId = search.get("order_id");
  const order = useQuery({ ...orderQueryOptions(orderId ?? ""), enabled: orderId !== null, retry: false }).data;
  const [record] = useState(() => lastCheckout());
  const productId = order?.product_id ?? record?.product_id ?? null;
  const flowCode = order?.flow_code ?? record?.flow_code ?? null;
  const flow = flowPaths(flowCode);
  const heading = useFocusHeading();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function tryAgain() {
    if (!productId) return;
    setBusy(true);
    setError(null);
    try {
      const sessionId = record && record.product_id === productId ? record.session_id : null;
      const { order_id, url } = await startCheckout(productId, sessionId, order?.currency ?? undefined);
      rememberCheckout({ order_id, product_id: productId, flow_code: flowCode, session_id: sessionId });
      window.location.assign(url);
    } catch (e) {
      setBusy(false);
      setError(
        e instanceof ApiError && e.status === 409
          ? "We need to check your details first. Choose your plan again and continue from there."
          : "We could not open the secure checkout just now. You have not been charged. Please try again in a moment.",
      );
    }
  }

  const support = t("support.email");
  const choosePlan = flow.preCheckout;
  return (
    <section className="order-card" aria-labelledby="order-title">
      <title>Payment not completed · Pathwise</title>
      <p className="eyebrow">Payment not completed</p>
      <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
        Your payment did not go through
      </h1>
      <p className="order-card__text">
        <strong>You have not been charged.</strong>
        {order ? ` Your order for ${order.product_name} is still open.` : ""}
      </p>
      <p className="order-card__text">
        This happens from time to time: a bank may hold back an online payment it has not seen from you before, a card may have a limit for online payments, or
        a detail may have been mistyped. Trying again, or using another card, usually works.
      </p>
      <p className="order-card__error" role="alert">
        {error ?? ""}
      </p>
      <div className="order-card__actions">
        {productId ? (
          <button type="button" className="button button--primary" onClick={() => void tryAgain()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Opening the checkout…" : "Try again"}
          </button>
        ) : (
          <Link to={choosePlan} className="button button--primary">
            Try again
          </Link>
        )}
        {productId && (
          <Link to={choosePlan} className="button button--secondary">
            Choose another plan
          </Link>
        )}
      </div>
      <p className="order-card__text order-card__support">
        Still not working? Write to <a href={`mailto:${support}`}>{support}</a> and a person will help you within 2 business days.
      </p>
    </section>
  );
}
