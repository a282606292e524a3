import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CONVERSION_EVENTS } from "#schemas/conversions/events.ts";
import type { WebhookCreated, WebhookEndpoint } from "#schemas/api/admin-webhooks.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { formatMoment } from "../funnels/format.ts";
import { DeliveryLog } from "./DeliveryLog.tsx";
import { EndpointForm } from "./EndpointForm.tsx";
import { SecretOnce } from "./SecretOnce.tsx";
import { deleteWebhook, setWebhookEnabled, webhooksQueryOptions } from "./webhooks-query.ts";
import "#web/shared/ui/forms.css";
import "../funnels/funnels.css";
import "../ad-spend/ad-spend.css";
import "./webhooks.css";

/**
 * /admin/webhooks — the team's own systems that receive the server's conversion events, signed per
 * Standard Webhooks (ADR 061): register an endpoint (its secret shown once), turn it off or delete
 * it, and read its delivery log with "Send again".
 */
export function WebhooksPage() {
  const endpoints = useQuery(webhooksQueryOptions());
  const [created, setCreated] = useState<WebhookCreated | null>(null);

  return (
    <section aria-labelledby="webhooks-title">
      <title>Webhooks · Growth console · Pathwise</title>
      <h1 id="webhooks-title" className="admin-heading__title">
        Webhooks
      </h1>
      <p className="admin-lead">
        The team’s own systems can receive the events the server records — a lead, a purchase or trial, a renewal, a refund — as they happen. Each is POSTed as
        JSON signed per Standard Webhooks, with our ids, the amount, the funnel and the UTM values, and no e-mail or other personal data. A failed delivery is
        tried again for about six hours. docs/conversions.md says how a receiver checks the signature.
      </p>

      <h2 className="report-section">Add an endpoint</h2>
      <EndpointForm onCreated={setCreated} />
      <div aria-live="polite">{created ? <SecretOnce created={created} /> : null}</div>

      <h2 className="report-section">Endpoints</h2>
      {endpoints.isPending ? (
        <PageLoading label="Loading the endpoints…" />
      ) : endpoints.isError ? (
        <LoadFailed what="the endpoints" onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <p className="admin-note">No endpoint yet.</p>
      ) : (
        <ul className="webhook-list">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey });
  const toggle = useMutation({ mutationFn: () => setWebhookEnabled(endpoint.id, !endpoint.enabled), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => deleteWebhook(endpoint.id), onSuccess: refresh });
  const failed = toggle.error ?? remove.error;

  return (
    <article className="flow-card webhook-card" aria-label={endpoint.url}>
      <h3 className="webhook-card__url">
        <code>{endpoint.url}</code>
      </h3>
      {endpoint.description ? <p className="webhook-card__description">{endpoint.description}</p> : null}
      <dl className="flow-facts">
        <div>
          <dt>Status</dt>
          <dd>{endpoint.enabled ? "On" : "Off: sent nothing new"}</dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd>
            {endpoint.events.map((kind, i) => (
              <span key={kind}>
                {i > 0 ? ", " : null}
                <code>{CONVERSION_EVENTS[kind].webhook}</code>
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>Signing secret</dt>
          <dd>Set (shown once, when the endpoint was added)</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>{formatMoment(endpoint.createdAt)}</dd>
        </div>
      </dl>
      <div className="flow-card__actions">
        <button type="button" className="button button--secondary" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
          {showLog ? "Hide deliveries" : "Show deliveries"}
        </button>
        <button type="button" className="button button--secondary" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {endpoint.enabled ? "Turn off" : "Turn on"}
        </button>
        {confirming ? (
          <>
            <button type="button" className="button button--primary" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Delete for good
            </button>
            <button type="button" className="button button--text" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            Delete…
          </button>
        )}
      </div>
      {confirming ? <p className="admin-note">Deleting cancels the deliveries still queued for it; its log goes with it.</p> : null}
      {failed ? (
        <p className="message message--error" role="alert">
          {failed.message}
        </p>
      ) : null}
      {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
    </article>
  );
}
