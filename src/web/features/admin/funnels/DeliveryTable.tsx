import { Link } from "react-router-dom";
import type { DELIVERED_EVENTS, FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { formatCount } from "./format.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/** Each figure as the tables above name it. */
const EVENT_WORDS: Record<(typeof DELIVERED_EVENTS)[number], string> = {
  lead: "Gave an e-mail (lead)",
  paid: "Paid (purchase or trial)",
  renewal: "Renewals",
  refund: "Refunds",
};

/**
 * Per destination of conversion events (ADR 062): what these figures counted beside what became of
 * the events sent for the same runs. "Never queued" is the count minus every event the destination
 * has for them, whatever its state: nothing was ever queued for those.
 */
export function DeliveryTable({ report }: { report: FunnelReportView }) {
  const withPreview = report.deliveries.some((d) => d.events.some((e) => e.preview > 0));
  return (
    <>
      <p className="admin-note">
        For the runs counted above: each figure beside the events sent about them to each destination. <b>Waiting</b>: not delivered yet, to be tried (again).{" "}
        <b>Failed</b>: refused by the platform, or no answer after every attempt. <b>Cancelled</b>: the account was deleted before delivery. <b>Never queued</b>
        : counted here, but no event was ever queued for this destination: the visitor had not allowed marketing, the destination was off at the time, or the
        account was erased. The platforms’ answers are on the <Link to={paths.adminIntegrations}>integrations</Link> page.
      </p>
      {report.deliveries.map((d) => (
        <ScrollTable key={d.destination} id={`delivery-${d.destination}`} caption={d.title}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col" className="num">
                Counted
              </th>
              <th scope="col" className="num">
                Sent
              </th>
              <th scope="col" className="num">
                Waiting
              </th>
              <th scope="col" className="num">
                Failed
              </th>
              <th scope="col" className="num">
                Cancelled
              </th>
              {withPreview ? (
                <th scope="col" className="num">
                  Preview only
                </th>
              ) : null}
              <th scope="col" className="num">
                Never queued
              </th>
            </tr>
          </thead>
          <tbody>
            {d.events.map((e) => (
              <tr key={e.event}>
                <th scope="row">{EVENT_WORDS[e.event]}</th>
                <td className="num">{formatCount(e.counted)}</td>
                {e.takes ? (
                  <>
                    <td className="num">{formatCount(e.sent)}</td>
                    <td className="num">{formatCount(e.queued)}</td>
                    <td className="num">{formatCount(e.failed)}</td>
                    <td className="num">{formatCount(e.cancelled)}</td>
                    {withPreview ? <td className="num">{formatCount(e.preview)}</td> : null}
                    <td className="num">{formatCount(e.neverQueued)}</td>
                  </>
                ) : (
                  <td className="num spend-missing" colSpan={withPreview ? 6 : 5}>
                    not sent to {d.title}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ))}
    </>
  );
}
