import type { Ref } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { SupportLine } from "./SupportLine.tsx";

/**
 * An order page whose order this browser may not see: the link is incomplete, or the order was
 * paid in another browser and nobody is logged in to its account here. The server answers 404
 * alike for "no such order" and "not yours" (ADR 011), so the card claims neither that a payment
 * went through nor that none did: it says where the order shows and how to get there (ADR 079).
 */
export function OrderNotShownCard({ heading }: { heading: Ref<HTMLHeadingElement> }) {
  return (
    <section className="order-card" aria-labelledby="order-title">
      <title>Order not shown here · Pathwise</title>
      <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
        We cannot show this order here
      </h1>
      <p className="order-card__text">
        The link that brought you here is incomplete, or its order belongs to another browser. To keep orders private, one shows only in the browser that paid
        for it, or in its account once you log in.
      </p>
      <p className="order-card__text">
        If you have paid, your receipt and a login link are on their way to your email address: open the link in that email, or log in to your account.
      </p>
      <div className="order-card__actions">
        <Link className="button button--primary" to={paths.loginThenGo(paths.accountMyPlans)}>
          Log in to your account
        </Link>
      </div>
      <SupportLine />
    </section>
  );
}
