import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/CatalogProvider.tsx";
import { authErrorMessage, requestPasswordReset } from "./auth-api.ts";
import "#web/shared/ui/forms.css";
import "./AuthCard.css";

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState("");
  const emailId = useId();
  const reset = useMutation({ mutationFn: requestPasswordReset });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.mutate(email);
  }

  return (
    <div className="auth-page">
      <title>Forgot your password · Pathwise</title>
      <meta name="description" content={t("forgot.subtitle")} />
      <section className="auth-card" aria-labelledby="forgot-title">
        <header className="auth-card__header">
          <h1 id="forgot-title" className="auth-card__title">
            {t("forgot.title")}
          </h1>
          <p className="auth-card__subtitle">{t("forgot.subtitle")}</p>
        </header>

        <div role="alert" className={reset.isError ? "live-region message message--error" : "live-region"}>
          {reset.isError ? authErrorMessage(reset.error, t, "forgot.error_generic") : null}
        </div>
        <div role="status" className={reset.isSuccess ? "live-region message message--success" : "live-region"}>
          {reset.isSuccess ? t("forgot.sent") : null}
        </div>

        {reset.isSuccess ? null : (
          <form className="auth-form" onSubmit={onSubmit}>
            <div className="field">
              <label className="field__label" htmlFor={emailId}>
                {t("login.email_label")}
              </label>
              <input
                id={emailId}
                className="field__input"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <button type="submit" className="button button--primary" disabled={reset.isPending}>
              {reset.isPending ? t("forgot.submitting") : t("forgot.submit")}
            </button>
          </form>
        )}

        <div className="auth-card__links">
          <Link to={paths.login}>{t("forgot.back_to_login")}</Link>
        </div>
      </section>
    </div>
  );
}
