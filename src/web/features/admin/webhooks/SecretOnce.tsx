import { useId, useRef, useState } from "react";
import type { WebhookCreated } from "#schemas/api/admin-webhooks.ts";

/** The new endpoint's signing secret, shown this once, with a way to copy it. */
export function SecretOnce({ created }: { created: WebhookCreated }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy("copied");
    } catch {
      input.current?.select();
      setCopy("failed");
    }
  }

  return (
    <div className="message message--success webhook-secret" role="status">
      <p>
        Endpoint added: <code>{created.url}</code>. Its signing secret is shown this once: put it in the receiving system now. Later this page only says that a
        secret exists.
      </p>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Signing secret
        </label>
        <div className="webhook-secret__row">
          <input ref={input} id={id} className="field__input webhook-secret__value" readOnly value={created.secret} onFocus={(e) => e.target.select()} />
          <button type="button" className="button button--secondary" onClick={() => void onCopy()}>
            Copy
          </button>
        </div>
        <p className="field__hint" aria-live="polite">
          {copy === "copied"
            ? "Copied to the clipboard."
            : copy === "failed"
              ? "This browser did not allow copying: the secret is selected, copy it by hand."
              : ""}
        </p>
      </div>
    </div>
  );
}
