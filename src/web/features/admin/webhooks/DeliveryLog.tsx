import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookDelivery, WebhookEndpoint } from "#schemas/api/admin-webhooks.ts";
import { CONVERSION_EVENTS } from "#schemas/conversions/events.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { formatCount, formatMoment } from "../funnels/format.ts";
import { ScrollTable } from "../funnels/ScrollTable.tsx";
import { deliveriesQueryOptions, sendAgain } from "./webhooks-query.ts";

const STATUS: Record<WebhookDelivery["status"], string> = { queued: "Queued", sent: "Sent", failed: "Failed", cancelled: "Cancelled" };

/** What the receiver answered at the last attempt: its HTTP status and, when it refused or failed, its message. */
function answerOf(d: WebhookDelivery): string {
  if (d.lastError) return d.lastError;
  return d.lastStatus === null ? "–" : `HTTP ${d.lastStatus}`;
}

/** One endpoint's latest deliveries, newest first, each with "Send again" once it is over. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useQuery(deliveriesQueryOptions(endpoint.id));
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: (deliveryId: string) => sendAgain(endpoint.id, deliveryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryOptions(endpoint.id).queryKey }),
  });

  if (deliveries.isPending) return <PageLoading label="Loading the deliveries…" />;
  if (deliveries.isError) return <LoadFailed what="the deliveries" onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0) return <p className="admin-note">Nothing has been sent to this endpoint yet.</p>;
  const captionId = `deliveries-${endpoint.id}`;
  return (
    <>
      <ScrollTable id={captionId} caption={`Latest deliveries to ${endpoint.url}`}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Queued</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Attempts
            </th>
            <th scope="col">Answer</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((d) => (
            <tr key={d.id}>
              <th scope="row">
                <code>{CONVERSION_EVENTS[d.kind].webhook}</code>
                <span className="admin-table__sub">{d.eventId}</span>
              </th>
              <td className="spend-nowrap">{formatMoment(d.createdAt)}</td>
              <td>
                {STATUS[d.status]}
                {d.sentAt ? <span className="admin-table__sub">{formatMoment(d.sentAt)}</span> : null}
                {d.nextAttemptAt ? <span className="admin-table__sub">next try {formatMoment(d.nextAttemptAt)}</span> : null}
              </td>
              <td className="num">{formatCount(d.attempts)}</td>
              <td className="webhook-answer">{answerOf(d)}</td>
              <td>
                {d.status === "sent" || d.status === "failed" ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={resend.isPending && resend.variables === d.id}
                    aria-label={`Send ${CONVERSION_EVENTS[d.kind].webhook} ${d.eventId} again`}
                    onClick={() => resend.mutate(d.id)}
                  >
                    Send again
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {resend.isError ? (
        <p className="message message--error" role="alert">
          {resend.error.message}
        </p>
      ) : null}
    </>
  );
}
