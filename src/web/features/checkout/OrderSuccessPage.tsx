import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useAuthRecheck } from "#web/shared/auth/index.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import { ConfirmingPayment } from "./ConfirmingPayment.tsx";
import { DuplicatePaymentCard } from "./DuplicatePaymentCard.tsx";
import { OrderNotShownCard } from "./OrderNotShownCard.tsx";
import { flowPaths } from "./flow-paths.ts";
import { useOrderPoll } from "./use-order-poll.ts";
import "./checkout.css";

/** What the page says of an order that is not paid (still pending after the page stopped asking, under review, or refunded): only what is true of it. */
const unpaid = {
  pending: {
    title: "We have not confirmed this payment yet",
    text: "Your payment provider has not confirmed it yet. When it does, your receipt and a login link go to your email address. If nothing arrives within an hour, write to us.",
  },
  needs_review: {
    title: "We are checking your payment",
    text: "Your payment needs a quick manual check before we can confirm it. We will email you as soon as it is done, usually within 2 business days.",
  },
  refunding: { title: "This payment is being refunded", text: "We are refunding this payment to your card and will email you when it is done." },
  refunded: {
    title: "This payment was refunded",
    text: "The payment for this order has been refunded to your card. Refunds can take a few working days to appear on your statement.",
  },
} as const;

/**
 * The thank-you page. It shows success only once the server says the order is paid (it polls like
 * the check page), so opening this URL by hand shows and grants nothing.
 */
export function OrderSuccessPage() {
  const t = useT();
  const [search] = useSearchParams();
  const orderId = search.get("order_id");
  const poll = useOrderPoll(orderId);
  const order = poll.state === "done" ? poll.order : null;
  const navigate = useNavigate();
  const flow = flowPaths(order?.flow_code ?? null);
  const heading = useFocusHeading(order?.status ?? poll.state);

  useEffect(() => {
    if (orderId && order?.status === "declined") void navigate(paths.orderDeclinedFor(orderId), { replace: true });
  }, [navigate, order?.status, orderId]);

  // A first-time buyer was just logged in by the server: "Go to your account" must know it.
  const recheckAuth = useAuthRecheck();
  const loggedIn = order?.status === "paid" && order.logged_in;
  useEffect(() => {
    if (loggedIn) recheckAuth();
  }, [loggedIn, recheckAuth]);

  const support = t("support.email");
  if (order?.other_payment_went_through) return <DuplicatePaymentCard order={order} heading={heading} />;
  // Not this browser's order, or none: never "no payment" — it may be paid, and seen where it was paid (ADR 079).
  if (poll.state === "missing" || poll.state === "not_found") return <OrderNotShownCard heading={heading} />;
  if (!order || order.status !== "paid") {
    if (poll.state === "checking" || order?.status === "declined") return <ConfirmingPayment heading={heading} />;
    const said = unpaid[order?.status === "needs_review" || order?.status === "refunded" || order?.status === "refunding" ? order.status : "pending"];
    return (
      <section className="order-card" aria-labelledby="order-title">
        <title>{`${said.title} · Pathwise`}</title>
        <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
          {said.title}
        </h1>
        <p className="order-card__text">{said.text}</p>
        <p className="order-card__text">
          <a href={`mailto:${support}`}>{support}</a>
        </p>
      </section>
    );
  }

  // The plan and the amount come only to the order's logged-in customer: a browser that paid for an
  // account it is not logged in to reads the report after logging in (ADR 011).
  if (order.product_name === null || order.amount === null || order.currency === null) {
    return (
      <section className="order-card order-card--success" aria-labelledby="order-title">
        <title>Payment confirmed · Pathwise</title>
        <p className="eyebrow">Payment confirmed</p>
        <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
          Thank you, log in to read your report
        </h1>
        <p className="order-card__text">
          Your report is saved in the account of the email address you gave. To keep it private, it opens only there: we have emailed that address a receipt and
          a single-use login link. Open the link, or log in here.
        </p>
        <div className="order-card__actions">
          <Link to={paths.loginThenGo(order.flow_code ? flow.result : paths.accountReports)} className="button button--primary">
            Log in to read your report
          </Link>
        </div>
        <p className="order-card__text">
          No email? Check your spam folder, or write to <a href={`mailto:${support}`}>{support}</a>.
        </p>
      </section>
    );
  }

  return (
    <section className="order-card order-card--success" aria-labelledby="order-title">
      <title>Payment confirmed · Pathwise</title>
      <p className="eyebrow">Payment confirmed</p>
      <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
        Thank you, your report is unlocked
      </h1>
      <dl className="order-card__facts">
        <dt>You bought</dt>
        <dd>{order.product_name}</dd>
        <dt>Charged today</dt>
        <dd>{formatMoney(order.amount, order.currency)}</dd>
      </dl>
      <p className="order-card__text">
        We have emailed you a receipt and a link to log in to your account, where your report is saved. The login link works once and expires soon; you can ask
        for a new one on the login page at any time.
      </p>
      <p className="order-card__text">If your plan renews, you can pause or cancel it in your account under Profile, in two clicks.</p>
      <div className="order-card__actions">
        <Link to={flow.result} className="button button--primary">
          See your result
        </Link>
        {order.account_open ? (
          <Link to={paths.account} className="button button--secondary">
            Go to your account
          </Link>
        ) : (
          <Link to={paths.loginThenGo(paths.account)} className="button button--secondary">
            Log in to your account
          </Link>
        )}
      </div>
    </section>
  );
}
