import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { formatMoney } from "#web/shared/money/money.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { billingHistoryQueryOptions } from "./billing-api.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { lineWhat } from "./billing-text.ts";
import "./billing.css";

/** The profile's billing history: every charge and refund with its date, plan, amount and a link to its receipt, newest first. */
export function BillingHistory() {
  const history = useQuery(billingHistoryQueryOptions());
  return (
    <section className="subs__section" aria-labelledby="billing-history" id="billing-history">
      <h2 id="billing-history" className="account__panel-title">
        Billing history
      </h2>
      {history.data === undefined ? (
        history.isError ? (
          <LoadFailed what="your billing history" onRetry={() => void history.refetch()} />
        ) : (
          <PageLoading label="Loading your billing history…" />
        )
      ) : history.data.length === 0 ? (
        <p className="account__panel">No charges yet. Every payment and refund appears here, each with a receipt you can print.</p>
      ) : (
        <div className="account__panel billing">
          <table className="billing__table">
            <caption className="visually-hidden">Charges and refunds, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Plan</th>
                <th scope="col" className="billing__amount">
                  Amount
                </th>
                <th scope="col">
                  <span className="visually-hidden">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((line) => (
                <tr key={line.id} className="billing__line" data-type={line.type}>
                  <td className="billing__date">{formatDate(line.at)}</td>
                  <td className="billing__plan">
                    <span className="billing__plan-name">{line.plan_name}</span>
                    <span className="billing__what">{lineWhat(line)}</span>
                  </td>
                  <td className="billing__amount">
                    {line.type === "refund" ? formatMoney(-line.amount, line.currency) : formatMoney(line.amount, line.currency)}
                  </td>
                  <td className="billing__receipt">
                    <Link to={paths.accountReceipt(line.order_id)} aria-label={`Receipt for the ${lineWhat(line).toLowerCase()} of ${formatDate(line.at)}`}>
                      Receipt
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
