import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "#web/shared/api/client.ts";
import { askEmailChange, type SettingsView } from "./settings-api.ts";

const problemOf = (error: unknown) => {
  if (!(error instanceof ApiError)) return "We could not send the link. Please try again in a minute.";
  if (error.code === "same_email") return "That is already your e-mail address.";
  if (error.code === "wrong_password" || error.code === "password_required" || error.status === 429) return error.message;
  if (error.status === 400) return "Enter a valid e-mail address.";
  return "We could not send the link. Please try again in a minute.";
};

/**
 * Move the account to another address. With a password, the current password confirms it is the
 * owner and a link goes to the new address. Without one, the current address approves the move
 * first (a link there), and only then does the new address get its link.
 */
export function EmailSection({ settings }: { settings: SettingsView }) {
  const ids = { address: useId(), password: useId() };
  const [address, setAddress] = useState("");
  const [password, setPassword] = useState("");
  const ask = useMutation({ mutationFn: (v: { address: string; password?: string }) => askEmailChange(v.address, v.password) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate({ address: address.trim(), ...(settings.has_password && { password }) });
  };
  const wrongPassword = ask.error instanceof ApiError && (ask.error.code === "wrong_password" || ask.error.code === "password_required");
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
          {ask.data.link_sent_to === "new_address"
            ? `Check the inbox of ${ask.variables.address}: we sent a link that moves your account there. Open it while logged in, within 24 hours. Until then nothing changes.`
            : `Check the inbox of ${settings.email}: we sent a link there to approve the move. Open it while logged in, within an hour; we then send a confirmation link to ${ask.variables.address}. Until both are used nothing changes.`}
        </p>
      ) : (
        <form className="settings__form" onSubmit={submit} noValidate>
          {!settings.has_password && (
            <p className="field__hint">
              Your account has no password, so the move is approved from your current address first: we e-mail a link to {settings.email}.
            </p>
          )}
          <div className="field">
            <label className="field__label" htmlFor={ids.address}>
              New email address
            </label>
            <input
              id={ids.address}
              type="email"
              autoComplete="email"
              className="field__input"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              aria-invalid={(ask.isError && !wrongPassword) || undefined}
              required
            />
          </div>
          {settings.has_password && (
            <div className="field">
              <label className="field__label" htmlFor={ids.password}>
                Current password
              </label>
              <input
                id={ids.password}
                type="password"
                autoComplete="current-password"
                className="field__input"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={wrongPassword || undefined}
                required
              />
            </div>
          )}
          {ask.isError && (
            <p className="message message--error" role="alert">
              {problemOf(ask.error)}
            </p>
          )}
          <button
            type="submit"
            className="button button--secondary"
            disabled={ask.isPending || address.trim() === "" || (settings.has_password && password === "")}
          >
            {settings.has_password ? "Send confirmation link" : "E-mail me an approval link"}
          </button>
        </form>
      )}
    </section>
  );
}
