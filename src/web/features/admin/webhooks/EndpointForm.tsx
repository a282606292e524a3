import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { WEBHOOK_LIMITS, WEBHOOK_TYPES, type WebhookCreated } from "#schemas/api/admin-webhooks.ts";
import type { WebhookKind } from "#schemas/conversions/events.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { createWebhook, webhooksQueryOptions } from "./webhooks-query.ts";

/** The server's refusal, field by field where it named them. */
function Refused({ error }: { error: Error }) {
  const issues = error instanceof ApiError ? error.issues : [];
  return (
    <div className="message message--error" role="alert">
      <p>{issues.length > 0 ? "The endpoint was not added:" : error.message}</p>
      {issues.length > 0 ? (
        <ul>
          {issues.map((issue) => (
            <li key={issue.path}>{issue.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Registers an endpoint: its address, the events it wants (the kinds the server sends), a description. */
export function EndpointForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookKind[]>([]);
  const [description, setDescription] = useState("");
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: (created) => {
      setUrl("");
      setEvents([]);
      setDescription("");
      onCreated(created);
      return queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) });
  };
  const toggle = (kind: WebhookKind, on: boolean) => setEvents((now) => (on ? [...now, kind] : now.filter((k) => k !== kind)));

  return (
    <form className="report-controls webhook-form" aria-label="Add an endpoint" onSubmit={submit}>
      <div className="report-controls__field webhook-form__wide">
        <label htmlFor={`${id}-url`}>Address</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          required
          maxLength={WEBHOOK_LIMITS.url}
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <fieldset className="webhook-form__events webhook-form__wide">
        <legend>Events</legend>
        {WEBHOOK_TYPES.map(({ kind, type }) => (
          <label key={kind} className="webhook-form__event">
            <input type="checkbox" checked={events.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} /> <code>{type}</code>
          </label>
        ))}
      </fieldset>
      <div className="report-controls__field webhook-form__wide">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <input id={`${id}-description`} maxLength={WEBHOOK_LIMITS.description} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <button type="submit" className="button button--primary" disabled={create.isPending || events.length === 0}>
        {create.isPending ? "Adding…" : "Add endpoint"}
      </button>
      <div aria-live="polite" className="webhook-form__wide">
        {create.isError ? <Refused error={create.error} /> : null}
      </div>
    </form>
  );
}
