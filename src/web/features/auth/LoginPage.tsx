import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { safeNextPath } from "#web/shared/routing/safe-next.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { useAuth } from "#web/shared/auth/AuthProvider.tsx";
import { useT } from "#web/shared/catalog/CatalogProvider.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { authErrorMessage, requestLoginLink } from "./auth-api.ts";
import type { LoginPageState } from "#web/shared/auth/login-state.ts";
import "#web/shared/ui/forms.css";
import "./AuthCard.css";

/**
 * Log in with e-mail and password, ask for an e-mailed login link, or — when the URL carries
 * `email` and `tmp_token` from such a link — log in automatically. A logged-in customer goes on
 * to `next` (a same-origin path) or the account page.
 */
export function LoginPage() {
  const t = useT();
  const { status, login, logoutFailed } = useAuth();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const next = safeNextPath(search.get("next")) ?? paths.account;
  const linkEmail = search.get("email") ?? "";
  const linkToken = search.get("tmp_token");

  const [email, setEmail] = useState(linkEmail);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [linkLogin, setLinkLogin] = useState(Boolean(linkEmail && linkToken));
  const tokenTried = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const ids = { email: useId(), password: useId(), emailHint: useId() };

  const loginLink = useMutation({ mutationFn: requestLoginLink });

  useEffect(() => {
    if (!linkEmail || !linkToken || tokenTried.current) return;
    tokenTried.current = true;
    login({ email: linkEmail, tmp_token: linkToken }).catch((failure: unknown) => {
      setError(
        failure instanceof ApiError && failure.code === "invalid_token" ? t("login.error_link_invalid") : authErrorMessage(failure, t, "login.error_generic"),
      );
      setLinkLogin(false);
      // The token is spent or wrong: drop it from the address so a reload does not retry it.
      setSearch(
        (current) => {
          const kept = new URLSearchParams(current);
          kept.delete("tmp_token");
          return kept;
        },
        { replace: true },
      );
    });
  }, [linkEmail, linkToken, login, setSearch, t]);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  if (status === "loggedIn") return <Navigate to={next} replace />;
  if (linkLogin) return <PageLoading label={t("login.logging_in")} />;
  if (status === "pending" && !submitting) return <PageLoading label={t("login.logging_in")} />;

  const loggedOut = (location.state as LoginPageState)?.loggedOut === true;
  const deleted = (location.state as LoginPageState)?.deleted === true;
  const linkSent = loginLink.isSuccess;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    loginLink.reset();
    setSubmitting(true);
    try {
      await login({ email, password });
    } catch (failure) {
      setError(authErrorMessage(failure, t, "login.error_generic"));
      setSubmitting(false);
    }
  }

  function onSendLink() {
    setError(null);
    if (!email.trim()) {
      setError(t("login.error_email_required"));
      return;
    }
    loginLink.mutate(email, { onError: (failure) => setError(authErrorMessage(failure, t, "login.error_generic")) });
  }

  return (
    <div className="auth-page">
      <title>Log in · Pathwise</title>
      <meta name="description" content={t("login.subtitle")} />
      <section className="auth-card" aria-labelledby="login-title">
        <header className="auth-card__header">
          <h1 id="login-title" className="auth-card__title">
            {t("login.title")}
          </h1>
          <p className="auth-card__subtitle">{t("login.subtitle")}</p>
        </header>

        {deleted && !error && !linkSent ? (
          <p className="message message--success" role="status">
            Your account is deleted, and you are logged out. We sent a last e-mail to confirm it.
          </p>
        ) : null}
        {loggedOut && !error && !linkSent ? (
          <p className={logoutFailed ? "message message--error" : "message message--success"} role="status">
            {t(logoutFailed ? "logout.error" : "logout.done")}
          </p>
        ) : null}
        <div ref={errorRef} tabIndex={-1} role="alert" className={error ? "live-region message message--error" : "live-region"}>
          {error}
        </div>
        <div role="status" className={linkSent ? "live-region message message--success" : "live-region"}>
          {linkSent ? t("login.link_sent") : null}
        </div>

        <form className="auth-form" onSubmit={(event) => void onSubmit(event)}>
          <div className="field">
            <label className="field__label" htmlFor={ids.email}>
              {t("login.email_label")}
            </label>
            <input
              id={ids.email}
              className="field__input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              aria-describedby={ids.emailHint}
              onChange={(event) => setEmail(event.target.value)}
            />
            <p id={ids.emailHint} className="field__hint">
              {t("login.email_hint")}
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.password}>
              {t("login.password_label")}
            </label>
            <input
              id={ids.password}
              className="field__input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? t("login.submitting") : t("login.submit")}
          </button>
        </form>

        <div className="auth-card__links">
          <Link to={paths.forgotPassword}>{t("login.forgot_link")}</Link>
        </div>

        <p className="auth-card__divider">{t("login.or")}</p>

        <button type="button" className="button button--secondary" onClick={onSendLink} disabled={loginLink.isPending}>
          {loginLink.isPending ? t("login.sending_link") : t("login.magic_link")}
        </button>

        <p className="auth-card__note">{t("login.no_account")}</p>
      </section>
    </div>
  );
}
