import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import { ConfirmingPayment } from "./ConfirmingPayment.tsx";
import { DuplicatePaymentCard } from "./DuplicatePaymentCard.tsx";
import { SupportLine } from "./SupportLine.tsx";
import { OrderNotShownCard } from "./OrderNotShownCard.tsx";
import { useOrderPoll } from "./use-order-poll.ts";
import "./checkout.css";

/**
 * Where the payment provider sends the visitor back (`?order_id=`). It asks the server about the
 * order every second for up to a minute and moves on to the success or declined page. It grants
 * nothing itself: access comes only from the provider's verified notification.
 */
export function OrderRedirectPage({ intervalMs, timeoutMs }: { intervalMs?: number; timeoutMs?: number }) {
  const [search] = useSearchParams();
  const orderId = search.get("order_id");
  const poll = useOrderPoll(orderId, { intervalMs, timeoutMs });
  const navigate = useNavigate();
  const status = poll.state === "done" ? poll.order.status : null;
  const heading = useFocusHeading(poll.state === "checking" ? "checking" : `${poll.state}:${status}`);

  useEffect(() => {
    if (!orderId) return;
    if (status === "paid") void navigate(paths.orderSuccessFor(orderId), { replace: true });
    if (status === "declined") void navigate(paths.orderDeclinedFor(orderId), { replace: true });
  }, [navigate, orderId, status]);

  const contact = <SupportLine />;

  if (poll.state === "missing" || poll.state === "not_found") return <OrderNotShownCard heading={heading} />;
  if (poll.state === "slow") {
    return (
      <section className="order-card" aria-labelledby="order-title">
        <title>Still confirming your payment · Pathwise</title>
        <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
          This is taking longer than usual
        </h1>
        <p className="order-card__text">
          Your payment provider has not confirmed the payment yet. You will not be charged twice: when it is confirmed, we email you a receipt and a login link.
        </p>
        <div className="order-card__actions">
          <button type="button" className="button button--primary" onClick={poll.retry}>
            Check again
          </button>
        </div>
        {contact}
      </section>
    );
  }
  if (poll.state === "done" && poll.order.other_payment_went_through) return <DuplicatePaymentCard order={poll.order} heading={heading} />;
  // A second payment whose first is still under review: both are checked by a person.
  if (status === "needs_review" || status === "refunded" || status === "refunding") {
    return (
      <section className="order-card" aria-labelledby="order-title">
        <title>We are checking your payment · Pathwise</title>
        <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
          {status === "refunded" ? "This payment was refunded" : "We are checking your payment"}
        </h1>
        <p className="order-card__text">
          {status === "refunded"
            ? "The payment for this order has been refunded to your card. Refunds can take a few working days to appear on your statement."
            : "Your payment needs a quick manual check before we can confirm it. This is routine and usually takes less than 2 business days. We will email you as soon as it is done; there is nothing you need to do."}
        </p>
        {contact}
      </section>
    );
  }
  return (
    <>
      <title>Confirming your payment · Pathwise</title>
      <ConfirmingPayment heading={heading} />
    </>
  );
}
