import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { describeRefusals } from "#schemas/api/checkout-refusals.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { formatCount, formatShare } from "./format.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/** Per group (a variant, a UTM value, or everyone): conversions with their rates, money, refunds and renewals. */
export function GroupTable({ report, currency }: { report: FunnelReportView; currency: string }) {
  const money = (minor: number) => formatMoney(minor, currency);
  const caption = report.groupedBy ? `Groups by ${report.groupedBy}` : "Everyone";
  return (
    <ScrollTable id="groups-caption" caption={caption}>
      <thead>
        <tr>
          <th scope="col">Group</th>
          <th scope="col" className="num">
            Visitors
          </th>
          <th scope="col" className="num">
            E-mail
          </th>
          <th scope="col" className="num">
            Checkout
          </th>
          <th scope="col" className="num">
            Paid
          </th>
          <th scope="col" className="num">
            Declined
          </th>
          <th scope="col" className="num">
            Refused
          </th>
          <th scope="col" className="num">
            Revenue
          </th>
          <th scope="col" className="num">
            Revenue per visitor
          </th>
          <th scope="col" className="num">
            Refunds
          </th>
          <th scope="col" className="num">
            Renewals
          </th>
          <th scope="col" className="num">
            Revenue per visitor, first 30 days
          </th>
        </tr>
      </thead>
      <tbody>
        {report.groups.map((g) => (
          <tr key={g.group}>
            <th scope="row">{g.group}</th>
            <td className="num">{formatCount(g.visitors)}</td>
            <Rate part={g.email} whole={g.visitors} />
            <Rate part={g.checkout} whole={g.visitors} />
            <Rate part={g.paid} whole={g.visitors} />
            <td className="num">{formatCount(g.declined)}</td>
            <td className="num">
              {formatCount(g.refused)}
              {g.refusals.length > 0 && <span className="admin-table__sub">{describeRefusals(g.refusals)}</span>}
            </td>
            <td className="num">{money(g.revenue)}</td>
            <td className="num">{money(g.revenuePerVisitor)}</td>
            <td className="num">
              {formatCount(g.refunds)}
              <span className="admin-table__sub">{money(g.refundAmount)}</span>
            </td>
            <td className="num">
              {formatCount(g.renewals)}
              <span className="admin-table__sub">{money(g.renewalAmount)}</span>
            </td>
            <td className="num">
              {g.revenuePerVisitor30d === null ? "No run is 30 days old yet" : money(g.revenuePerVisitor30d)}
              <span className="admin-table__sub">{formatCount(g.matureVisitors)} runs</span>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function Rate({ part, whole }: { part: number; whole: number }) {
  return (
    <td className="num">
      {formatCount(part)}
      <span className="admin-table__sub">{formatShare(part, whole)}</span>
    </td>
  );
}
