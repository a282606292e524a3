import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../../../shared/auth/index.ts";
import type { LoginPageState } from "../../../shared/auth/login-state.ts";
import { paths } from "../../../shared/routing/paths.ts";
import { deleteAccount, type SettingsView } from "./settings-api.ts";

/** Deleting the account, with what it means said first, confirmed by typing the address. */
export function DeleteSection({ settings }: { settings: SettingsView }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const { recheck } = useAuth();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await recheck();
      void navigate(paths.login, { replace: true, state: { deleted: true } satisfies LoginPageState });
    },
  });
  const matches = typed.trim().toLowerCase() === settings.email.toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) remove.mutate(typed.trim());
  };
  return (
    <section className="account__panel settings__section settings__danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete" className="account__panel-title">
        Delete your account
      </h2>
      <p>Deleting your account cannot be undone. When you delete it:</p>
      <ul className="settings__list">
        <li>every plan you have is cancelled, so you are not charged again, and access ends now;</li>
        <li>your answers, reports, plan progress, tool entries and coaching bookings are deleted;</li>
        <li>you are logged out everywhere, and this e-mail address can no longer log in;</li>
        <li>we keep the records of your payments, without your name or address, because accounting law requires them and they let us handle a refund.</li>
      </ul>
      <p>If you want a copy of your data, download it first.</p>
      <form className="settings__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Type your email address to confirm
          </label>
          <input id={id} type="email" autoComplete="off" className="field__input" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        {remove.isError && (
          <p className="message message--error" role="alert">
            We could not delete your account. Nothing was changed. Please try again, or write to us if it keeps failing.
          </p>
        )}
        <button type="submit" className="button settings__delete" disabled={!matches || remove.isPending} aria-disabled={!matches || undefined}>
          {remove.isPending ? "Deleting…" : "Delete my account"}
        </button>
      </form>
    </section>
  );
}
