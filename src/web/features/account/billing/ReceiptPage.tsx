import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { receiptQueryOptions, type Receipt } from "./billing-api.ts";
import { billingDateTime, receiptDescription } from "./billing-text.ts";
import "./billing.css";

const back = { to: `${paths.accountProfile}#billing-history`, label: "Billing history" };

/** `/account/profile/receipts/:orderId`: one charge's receipt, to print or save as PDF from the browser. */
export function ReceiptPage() {
  const { orderId = "" } = useParams();
  const receipt = useQuery(receiptQueryOptions(orderId));
  if (receipt.data === undefined) {
    const missing = receipt.error instanceof ApiError && (receipt.error.status === 404 || receipt.error.status === 400);
    return (
      <AccountSubPage eyebrow="Receipt" title={missing ? "No such receipt" : "Receipt"} back={back}>
        {missing ? (
          <p className="account__panel" role="status">
            This receipt is not in your account. Receipts of every charge and refund are listed in your billing history.
          </p>
        ) : receipt.isError ? (
          <LoadFailed what="this receipt" onRetry={() => void receipt.refetch()} />
        ) : (
          <PageLoading label="Loading your receipt…" />
        )}
      </AccountSubPage>
    );
  }
  const r = receipt.data;
  return (
    <AccountSubPage eyebrow="Receipt" title={`Receipt: ${r.plan_name}`} back={back}>
      <div className="receipt__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      <ReceiptSheet receipt={r} />
    </AccountSubPage>
  );
}

function ReceiptSheet({ receipt: r }: { receipt: Receipt }) {
  const paid = formatMoney(r.amount, r.currency);
  return (
    <article className="account__panel receipt" aria-labelledby="receipt-title">
      <header className="receipt__head">
        <div>
          <p className="receipt__seller">{r.seller.name}</p>
          <p className="receipt__contact">{[r.seller.website.replace(/^https?:\/\//, ""), r.seller.support_email].filter(Boolean).join(" · ")}</p>
        </div>
        <h2 id="receipt-title" className="receipt__title">
          {r.refunded_at ? "Receipt · refunded" : "Receipt"}
        </h2>
      </header>
      <dl className="subs__details receipt__facts">
        <dt>Receipt number</dt>
        <dd className="receipt__number">{r.order_id}</dd>
        <dt>Paid on</dt>
        <dd>{billingDateTime(r.paid_at)}</dd>
        <dt>Billed to</dt>
        <dd>{r.customer_email}</dd>
        <dt>Payment method</dt>
        <dd>{r.payment_method}</dd>
        {r.provider_reference ? (
          <>
            <dt>Payment reference</dt>
            <dd className="receipt__number">{r.provider_reference}</dd>
          </>
        ) : null}
      </dl>
      <table className="receipt__items">
        <caption className="visually-hidden">What was paid</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="billing__amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{receiptDescription(r)}</td>
            <td className="billing__amount">{paid}</td>
          </tr>
          {r.refunded_at ? (
            <tr className="receipt__refund">
              <td>Refunded on {billingDateTime(r.refunded_at)}</td>
              <td className="billing__amount">{formatMoney(-r.amount, r.currency)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{r.refunded_at ? "Total after the refund" : "Total paid"}</th>
            <td className="billing__amount receipt__total">{r.refunded_at ? formatMoney(0, r.currency) : paid}</td>
          </tr>
        </tfoot>
      </table>
      {r.refunded_at ? null : (
        <p className="receipt__note">
          {REFUND_TERMS} The <Link to={paths.refundPolicy}>refund policy</Link> says how to ask.
        </p>
      )}
      <p className="receipt__note">
        {r.refunded_at
          ? `The ${paid} went back to the card it was paid with; banks usually show it within 5 to 10 working days.`
          : `Amounts are in ${r.currency}. Questions about this charge? ${r.seller.support_email ? `Write to ${r.seller.support_email}` : "Write to us"} and quote the receipt number.`}
      </p>
    </article>
  );
}
