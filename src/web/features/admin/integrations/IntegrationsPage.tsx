import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { INTEGRATION_DAYS, INTEGRATION_LATEST, type Integration } from "#schemas/api/admin-integrations.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { formatCount } from "../funnels/format.ts";
import { DailyDeliveries } from "./DailyDeliveries.tsx";
import { DeliveryList } from "./DeliveryList.tsx";
import { integrationsQueryOptions } from "./integrations-query.ts";
import { TestButton } from "./TestButton.tsx";
import "#web/shared/ui/forms.css";
import "../funnels/funnels.css";
import "../ad-spend/ad-spend.css";
import "./integrations.css";

/**
 * /admin/integrations — where conversion events go (ADR 062): each destination of the registry,
 * configured or not, then any other the outbox holds events for; per destination its events per day,
 * the failures first, the latest deliveries with the platform's answer, and a test button.
 */
export function IntegrationsPage() {
  const list = useQuery(integrationsQueryOptions());
  return (
    <section aria-labelledby="integrations-title">
      <title>Integrations · Growth console · Pathwise</title>
      <div className="admin-heading">
        <h1 id="integrations-title" className="admin-heading__title">
          Integrations
        </h1>
        <button type="button" className="button button--secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      <p className="admin-lead">
        Where the server sends conversion events — leads, first payments, renewals and refunds of visitors who allowed marketing — and how each delivery went. A
        funnel’s figures set what was counted beside what was delivered: <Link to={paths.adminFunnels}>open a funnel</Link>.
      </p>
      {list.isPending ? (
        <PageLoading label="Loading the destinations…" />
      ) : list.isError ? (
        <LoadFailed what="the destinations" onRetry={() => void list.refetch()} />
      ) : (
        list.data.map((integration) => <Destination key={integration.key} integration={integration} />)
      )}
    </section>
  );
}

/** What the destination does with events now, in words. */
function modeWords(i: Integration): string {
  if (i.mode === "preview") return "Preview (development): events are kept at /dev/conversions and never sent.";
  if (i.mode === "sending") return "Configured: events are sent.";
  if (i.mode === "off") return `Not configured: set ${i.missing.join(" and ")}. No events are queued for it.`;
  return "Known from its events in the outbox.";
}

function Destination({ integration: i }: { integration: Integration }) {
  const total = i.days.reduce((n, d) => n + d.sent + d.queued + d.failed + d.cancelled + d.preview, 0);
  return (
    <section className="integration" aria-labelledby={`integration-${i.key}`}>
      <h2 id={`integration-${i.key}`} className="report-section">
        {i.title} <code className="integration__key">{i.key}</code>
      </h2>
      <p className={i.mode === "off" ? "admin-note integration__off" : "admin-note"}>{modeWords(i)}</p>
      {/* An unconfigured destination's reason is the line above; its test could only say the same. */}
      {i.test && i.mode !== "off" ? <TestButton destination={i.key} title={i.title} test={i.test} /> : null}
      {i.failed > 0 ? (
        <>
          <p className="message message--error" role="note">
            {formatCount(i.failed)} {i.failed === 1 ? "event" : "events"} failed: the platform refused {i.failed === 1 ? "it" : "them"} or never answered.
            Failed events are not tried again.
          </p>
          <DeliveryList id={`failures-${i.key}`} caption={`Latest failures at ${i.title}`} rows={i.failures} />
        </>
      ) : null}
      {total === 0 ? (
        <p className="admin-note">
          No events were queued for {i.title} in the last {INTEGRATION_DAYS} days.
        </p>
      ) : (
        <DailyDeliveries id={`days-${i.key}`} title={i.title} days={i.days} />
      )}
      {i.latest.length > 0 ? (
        <DeliveryList id={`latest-${i.key}`} caption={`Latest ${Math.min(INTEGRATION_LATEST, i.latest.length)} events at ${i.title}`} rows={i.latest} />
      ) : null}
    </section>
  );
}
