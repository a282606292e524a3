import type { Ref } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import type { OrderView } from "#web/shared/money/orders.ts";
import { flowPaths } from "./flow-paths.ts";
import { SupportLine } from "./SupportLine.tsx";

/**
 * The tab whose payment came second for a quiz another payment had already paid (ADR 035): this
 * one is given back, and the other went through, so the report is unlocked — the card says both
 * and leads to the report (through the login page when this browser is not logged in).
 */
export function DuplicatePaymentCard({ order, heading }: { order: OrderView; heading: Ref<HTMLHeadingElement> }) {
  const flow = flowPaths(order.flow_code);
  const report = flow?.result ?? paths.accountReports;
  const refunded = order.status === "refunded";
  return (
    <section className="order-card" aria-labelledby="order-title">
      <title>Your other payment went through · Pathwise</title>
      <h1 id="order-title" className="order-card__title" tabIndex={-1} ref={heading}>
        Your other payment went through
      </h1>
      <p className="order-card__text">
        This report was paid for twice, probably from a second tab. Your other payment went through, so your report is unlocked and your plan is active.
      </p>
      <p className="order-card__text">
        {refunded
          ? "We refunded this second payment in full and emailed you about it. Refunds can take a few working days to appear on your statement."
          : "We are refunding this second payment in full and will email you when it is done. Refunds can take a few working days to appear on your statement."}
      </p>
      <div className="order-card__actions">
        <Link className="button button--primary" to={order.logged_in ? report : paths.loginThenGo(report)}>
          {order.logged_in ? "See your report" : "Log in to see your report"}
        </Link>
      </div>
      <SupportLine />
    </section>
  );
}
