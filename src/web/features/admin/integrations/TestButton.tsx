import { useMutation } from "@tanstack/react-query";
import type { Integration, TestSent } from "#schemas/api/admin-integrations.ts";
import { sendTestEvent } from "./integrations-query.ts";

/**
 * Sends one made-up lead to the destination's test channel now and shows the platform's answer
 * (ADR 062). The event goes to no figure and no live data; when it cannot be sent so, the reason
 * is shown instead of the button.
 */
export function TestButton({ destination, title, test }: { destination: string; title: string; test: NonNullable<Integration["test"]> }) {
  const send = useMutation({ mutationFn: () => sendTestEvent(destination) });
  if (!test.ready) return <p className="admin-note">Test: {test.problem}</p>;
  return (
    <div className="integration__test">
      <button type="button" className="button button--secondary" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? "Sending a test event…" : `Send a test event to ${title}`}
      </button>
      <div aria-live="polite">
        {send.isSuccess ? <TestAnswer title={title} result={send.data} /> : null}
        {send.isError ? (
          <p className="message message--error" role="alert">
            {send.error.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function TestAnswer({ title, result }: { title: string; result: TestSent }) {
  return (
    <div className={`message ${result.accepted ? "message--success" : "message--error"} integration__answer`} role="status">
      <p>
        {result.accepted ? `${title} accepted the test event` : `${title} did not accept the test event`} <code>{result.eventId}</code>
        {result.httpStatus === null ? "." : ` (HTTP ${result.httpStatus}).`}
      </p>
      {result.findings.length > 0 ? (
        <ul>
          {result.findings.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
      <pre className="spend-example">
        <code>{result.answer}</code>
      </pre>
    </div>
  );
}
