import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "#web/shared/api/client.ts";
import { changePassword, sendSetPasswordLink, type SettingsView } from "./settings-api.ts";

const problemOf = (error: unknown) =>
  error instanceof ApiError && (error.code === "wrong_password" || error.code === "weak_password" || error.status === 429)
    ? error.message
    : "We could not change your password. Please try again.";

/** Change the password (current + new, twice); an account without one gets a link to set it. */
export function PasswordSection({ settings }: { settings: SettingsView }) {
  const ids = { current: useId(), next: useId(), again: useId() };
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({ mutationFn: (p: { current: string; next: string }) => changePassword(p.current, p.next) });
  const link = useMutation({ mutationFn: () => sendSetPasswordLink(settings.email) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    const next = field("next");
    if (next !== field("again")) return setMismatch(true);
    setMismatch(false);
    change.mutate({ current: field("current"), next }, { onSuccess: () => form.reset() });
  };

  return (
    <section className="account__panel settings__section" aria-labelledby="settings-password">
      <h2 id="settings-password" className="account__panel-title">
        Password
      </h2>
      {settings.has_password ? (
        <form className="settings__form" onSubmit={submit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={ids.current}>
              Current password
            </label>
            <input id={ids.current} name="current" type="password" autoComplete="current-password" className="field__input" required />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.next}>
              New password
            </label>
            <input id={ids.next} name="next" type="password" autoComplete="new-password" className="field__input" minLength={12} required />
            <p className="field__hint">At least 12 characters. A few unrelated words make a strong one that is easy to remember.</p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.again}>
              New password again
            </label>
            <input
              id={ids.again}
              name="again"
              type="password"
              autoComplete="new-password"
              className="field__input"
              aria-invalid={mismatch || undefined}
              required
            />
          </div>
          {mismatch && (
            <p className="message message--error" role="alert">
              The two new passwords are not the same.
            </p>
          )}
          {change.isError && (
            <p className="message message--error" role="alert">
              {problemOf(change.error)}
            </p>
          )}
          {change.isSuccess && (
            <p className="message message--success" role="status">
              Your password is changed. You stay logged in here; every other device was logged out.
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? "Changing…" : "Change password"}
          </button>
        </form>
      ) : (
        <div className="settings__form">
          <p>You log in with links we e-mail you. To log in with a password too, set one: we e-mail you a link to do it.</p>
          {link.isSuccess ? (
            <p className="message message--success" role="status">
              We sent a link to {settings.email}. It works for an hour.
            </p>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => link.mutate()} disabled={link.isPending}>
              Set a password
            </button>
          )}
          {link.isError && (
            <p className="message message--error" role="alert">
              We could not send the link. Please try again in a minute.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
