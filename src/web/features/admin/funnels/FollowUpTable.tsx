import { useQuery } from "@tanstack/react-query";
import { followUpsQueryOptions } from "./admin-funnels-query.ts";
import { formatCount, formatShare } from "./format.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/** Each follow-up e-mail of the flow (ADR 060), all time: waiting, sent, not sent, opened and bought after it. Nothing for a flow without any. */
export function FollowUpTable({ code }: { code: string }) {
  const rows = useQuery(followUpsQueryOptions(code)).data ?? [];
  if (rows.length === 0) return null;
  return (
    <>
      <h2 className="report-section">Follow-up e-mails</h2>
      <p className="admin-note">
        Since each was first declared, whatever the dates above. “Opened” counts e-mails whose link was followed (a mail scanner may follow it too); “Bought
        after” counts quizzes paid for after the e-mail went out.
      </p>
      <ScrollTable id="follow-ups-caption" caption="Follow-up e-mails, in the order they go out">
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col" className="num">
              Waiting
            </th>
            <th scope="col" className="num">
              Sent
            </th>
            <th scope="col" className="num">
              Not sent
            </th>
            <th scope="col" className="num">
              Opened
            </th>
            <th scope="col" className="num">
              Bought after
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {r.subject}
                <span className="admin-table__sub">
                  {r.id} · after {r.after}
                </span>
              </th>
              <td className="num">{formatCount(r.scheduled)}</td>
              <td className="num">{formatCount(r.sent)}</td>
              <td className="num">{formatCount(r.cancelled)}</td>
              <td className="num">
                {formatCount(r.clicked)} <span className="admin-table__sub">{formatShare(r.clicked, r.sent)}</span>
              </td>
              <td className="num">
                {formatCount(r.bought)} <span className="admin-table__sub">{formatShare(r.bought, r.sent)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  );
}
