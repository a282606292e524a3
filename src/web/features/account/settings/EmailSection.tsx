import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../../../shared/api/client.ts";
import { askEmailChange, type SettingsView } from "./settings-api.ts";

/** Move the account to another address: a confirmation link goes there first. */
export function EmailSection({ settings }: { settings: SettingsView }) {
  const id = useId();
  const [address, setAddress] = useState("");
  const ask = useMutation({ mutationFn: askEmailChange });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(address.trim());
  };
  return (
    <section className="account__panel settings__section" aria-labelledby="settings-email">
      <h2 id="settings-email" className="account__panel-title">
        Email address
      </h2>
      <p>
        Your account uses <strong>{settings.email}</strong>. Receipts and account e-mails go there, and you log in with it.
      </p>
      {ask.isSuccess ? (
        <p className="message message--success" role="status">
          Check the inbox of {ask.variables}: we sent a link that moves your account there. Open it while logged in, within 24 hours. Until then nothing
          changes.
        </p>
      ) : (
        <form className="settings__form" onSubmit={submit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={id}>
              New email address
            </label>
            <input
              id={id}
              type="email"
              autoComplete="email"
              className="field__input"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              aria-invalid={ask.isError || undefined}
              required
            />
          </div>
          {ask.isError && (
            <p className="message message--error" role="alert">
              {ask.error instanceof ApiError && ask.error.status === 400
                ? ask.error.code === "same_email"
                  ? "That is already your e-mail address."
                  : "Enter a valid e-mail address."
                : "We could not send the link. Please try again in a minute."}
            </p>
          )}
          <button type="submit" className="button button--secondary" disabled={ask.isPending || address.trim() === ""}>
            Send confirmation link
          </button>
        </form>
      )}
    </section>
  );
}
