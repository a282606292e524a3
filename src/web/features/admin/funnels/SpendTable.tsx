import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { formatCost, formatRoas, spendDays, SPEND_WORDS } from "#schemas/api/spend-words.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { Link } from "react-router-dom";
import { formatCount } from "./format.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/**
 * Per UTM source or campaign: the ad spend imported for the window's days beside what it bought,
 * a row per currency (two currencies are never added); a group without spend says so (ADR 059).
 */
export function SpendTable({ report }: { report: FunnelReportView }) {
  const windowDays = report.trend.length;
  const shared = report.groups.filter((g) => (g.spend?.otherFunnelRuns ?? 0) > 0);
  return (
    <>
      <p className="admin-note">
        Spend of the window’s days as imported on the <Link to={paths.adminAdSpend}>ad spend</Link> page, each currency apart. Cost per lead divides it by the
        runs that gave their e-mail, cost per sale by the runs that paid; return on ad spend is the first charges in that currency divided by it.
        {shared.length > 0
          ? ` The same ads also brought runs of other funnels (${shared.map((g) => `${g.group}: ${formatCount(g.spend!.otherFunnelRuns)}`).join("; ")}): their spend is counted whole here.`
          : ""}
      </p>
      <ScrollTable id="spend-caption" caption={`Ad spend by ${report.groupedBy}`}>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col" className="num">
              Spend
            </th>
            <th scope="col" className="num">
              Cost per lead
            </th>
            <th scope="col" className="num">
              Cost per sale
            </th>
            <th scope="col" className="num">
              Revenue
            </th>
            <th scope="col" className="num">
              Return on ad spend
            </th>
          </tr>
        </thead>
        <tbody>
          {report.groups.flatMap((g) => {
            if (!g.spend) return [];
            if (g.spend.currencies.length === 0) {
              return [
                <tr key={g.group}>
                  <th scope="row">{g.group}</th>
                  <td className="num spend-missing" colSpan={5}>
                    {SPEND_WORDS.missing}
                  </td>
                </tr>,
              ];
            }
            return g.spend.currencies.map((c) => (
              <tr key={`${g.group}\n${c.currency}`}>
                <th scope="row">{g.group}</th>
                <td className="num">
                  {formatMoney(c.spend, c.currency)}
                  {spendDays(c.days, windowDays) ? <span className="admin-table__sub">{spendDays(c.days, windowDays)}</span> : null}
                </td>
                <td className="num">
                  {formatCost(c.costPerLead, c.currency, "lead")}
                  <span className="admin-table__sub">
                    {formatCount(g.email)} {g.email === 1 ? "lead" : "leads"}
                  </span>
                </td>
                <td className="num">
                  {formatCost(c.costPerSale, c.currency, "sale")}
                  <span className="admin-table__sub">
                    {formatCount(g.paid)} {g.paid === 1 ? "sale" : "sales"}
                  </span>
                </td>
                <td className="num">{formatMoney(c.revenue, c.currency)}</td>
                <td className="num">{formatRoas(c.roas)}</td>
              </tr>
            ));
          })}
        </tbody>
      </ScrollTable>
    </>
  );
}
