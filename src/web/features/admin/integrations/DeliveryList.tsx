import type { Delivery } from "#schemas/api/admin-integrations.ts";
import { formatMoment } from "../funnels/format.ts";
import { ScrollTable } from "../funnels/ScrollTable.tsx";

const STATUS_WORDS: Record<Delivery["status"], string> = {
  sent: "sent",
  queued: "waiting",
  failed: "failed",
  cancelled: "cancelled",
  preview: "preview only",
};

/** Rows of the outbox, newest first: when, which event, what became of it and what the platform answered. */
export function DeliveryList({ id, caption, rows }: { id: string; caption: string; rows: Delivery[] }) {
  return (
    <ScrollTable id={id} caption={caption}>
      <thead>
        <tr>
          <th scope="col">Queued</th>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col" className="num">
            Attempts
          </th>
          <th scope="col" className="num">
            HTTP
          </th>
          <th scope="col">The platform’s answer</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className={r.status === "failed" ? "delivery--failed" : undefined}>
            <th scope="row" className="spend-nowrap">
              {formatMoment(r.queuedAt)}
              {r.sentAt ? <span className="admin-table__sub">sent {formatMoment(r.sentAt)}</span> : null}
            </th>
            <td>
              <code>{r.kind}</code>
              <span className="admin-table__sub delivery__id">{r.eventId}</span>
            </td>
            <td>{STATUS_WORDS[r.status]}</td>
            <td className="num">{r.attempts}</td>
            <td className="num">{r.httpStatus ?? "–"}</td>
            <td className="delivery__message">{r.message ?? (r.status === "sent" ? "accepted" : "–")}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
