import { DELIVERY_STATUSES, type Integration } from "#schemas/api/admin-integrations.ts";
import { formatCount, formatDay } from "../funnels/format.ts";
import { ScrollTable } from "../funnels/ScrollTable.tsx";

const HEADINGS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  sent: "Sent",
  queued: "Waiting",
  failed: "Failed",
  cancelled: "Cancelled",
  preview: "Preview only",
};

/** Events per UTC day, by the day they were queued and what became of them; a status no day has is left out. */
export function DailyDeliveries({ id, title, days }: { id: string; title: string; days: Integration["days"] }) {
  const shown = DELIVERY_STATUSES.filter((s) => s === "sent" || s === "failed" || days.some((d) => d[s] > 0));
  return (
    <ScrollTable id={id} caption={`Events per day at ${title} (UTC, by the day queued)`}>
      <thead>
        <tr>
          <th scope="col">Day</th>
          {shown.map((s) => (
            <th key={s} scope="col" className="num">
              {HEADINGS[s]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{formatDay(d.day)}</th>
            {shown.map((s) => (
              <td key={s} className="num">
                {formatCount(d[s])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
