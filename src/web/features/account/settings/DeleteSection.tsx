import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { ApiError } from "#web/shared/api/client.ts";
import { useAuth } from "#web/shared/auth/index.ts";
import type { LoginPageState } from "#web/shared/auth/login-state.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { deleteAccount, sendDeletionLink, type SettingsView } from "./settings-api.ts";

/** What deleting the account does, said before any button. */
export function DeletionConsequences() {
  return (
    <>
      <p>Deleting your account cannot be undone. When you delete it:</p>
      <ul className="settings__list">
        <li>every plan you have is cancelled, so you are not charged again, and access to everything in the account ends now;</li>
        <li>any coaching session you have booked is cancelled, and the coach is told;</li>
        <li>your answers, reports, plan progress, tool entries and bookings are deleted;</li>
        <li>you are logged out everywhere, and this e-mail address can no longer log in;</li>
        <li>we keep the records of your payments, without your name or address, because accounting law requires them and they let us handle a refund.</li>
      </ul>
      <p>We send one last e-mail to confirm it. If you want a copy of your data, download it first.</p>
    </>
  );
}

/** Deletes the account with a fresh proof; on success the login page says the account is gone. */
export function useDeleteAccount() {
  const { recheck } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await recheck();
      void navigate(paths.login, { replace: true, state: { deleted: true } satisfies LoginPageState });
    },
  });
}

export const deleteProblem = (error: unknown) =>
  error instanceof ApiError && (error.code === "wrong_password" || error.code === "invalid_token" || error.status === 429)
    ? `${error.message} Nothing was deleted.`
    : "We could not delete your account. Nothing was changed. Please try again, or write to us if it keeps failing.";

/**
 * Deleting the account, with what it means said first. A fresh proof confirms it: the current
 * password, or for an account without one, a link e-mailed to the account's address.
 */
export function DeleteSection({ settings }: { settings: SettingsView }) {
  return (
    <section className="account__panel settings__section settings__danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete" className="account__panel-title">
        Delete your account
      </h2>
      <DeletionConsequences />
      {settings.has_password ? <DeleteWithPassword /> : <DeleteByLink email={settings.email} />}
    </section>
  );
}

function DeleteWithPassword() {
  const id = useId();
  const [password, setPassword] = useState("");
  const remove = useDeleteAccount();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) remove.mutate({ current_password: password });
  };
  return (
    <form className="settings__form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Your password, to confirm it is you
        </label>
        <input
          id={id}
          type="password"
          autoComplete="current-password"
          className="field__input"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={remove.isError || undefined}
        />
      </div>
      {remove.isError && (
        <p className="message message--error" role="alert">
          {deleteProblem(remove.error)}
        </p>
      )}
      <button type="submit" className="button settings__delete" disabled={!password || remove.isPending} aria-disabled={!password || undefined}>
        {remove.isPending ? "Deleting…" : "Delete my account"}
      </button>
    </form>
  );
}

function DeleteByLink({ email }: { email: string }) {
  const link = useMutation({ mutationFn: sendDeletionLink });
  return (
    <div className="settings__form">
      <p>
        Your account has no password, so we confirm it is you by e-mail: we send a link to {email}, and the account is deleted when you open it and confirm.
      </p>
      {link.isSuccess ? (
        <p className="message message--success" role="status">
          We sent the link to {email}. Open it within 30 minutes, logged in to this account, to delete it. Until then nothing changes.
        </p>
      ) : (
        <button type="button" className="button settings__delete" onClick={() => link.mutate()} disabled={link.isPending}>
          {link.isPending ? "Sending…" : "E-mail me a deletion link"}
        </button>
      )}
      {link.isError && (
        <p className="message message--error" role="alert">
          {link.error instanceof ApiError && link.error.status === 429 ? link.error.message : "We could not send the link. Please try again in a minute."}
        </p>
      )}
    </div>
  );
}
