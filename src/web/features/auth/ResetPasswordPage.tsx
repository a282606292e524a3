import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { useAuth } from "#web/shared/auth/AuthProvider.tsx";
import { useT } from "#web/shared/catalog/CatalogProvider.tsx";
import { authErrorMessage, confirmPasswordReset } from "./auth-api.ts";
import "#web/shared/ui/forms.css";
import "./AuthCard.css";

type CopyState = "idle" | "copied" | "failed";

/**
 * The page a reset e-mail links to. Opening it changes nothing (mail scanners open links too);
 * the button posts the token, and the new password is shown once.
 */
export function ResetPasswordPage() {
  const t = useT();
  const { recheck } = useAuth();
  const [search, setSearch] = useSearchParams();
  const [token] = useState(() => search.get("token"));
  const [copy, setCopy] = useState<CopyState>("idle");
  const passwordId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  const confirm = useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => {
      // The server ended every session; the token is spent, so it leaves the address bar too.
      void recheck();
      setSearch({}, { replace: true });
    },
  });
  const password = confirm.data?.password;

  useEffect(() => {
    if (password) doneRef.current?.focus();
  }, [password]);

  async function onCopy() {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      setCopy("copied");
    } catch {
      passwordRef.current?.select();
      setCopy("failed");
    }
  }

  const expired = confirm.error instanceof ApiError && confirm.error.code === "invalid_token";

  return (
    <div className="auth-page">
      <title>Reset your password · Pathwise</title>
      <meta name="robots" content="noindex" />
      <section className="auth-card" aria-labelledby="reset-title">
        <header className="auth-card__header">
          <h1 id="reset-title" className="auth-card__title">
            {t("reset.title")}
          </h1>
          {password || !token || expired ? null : <p className="auth-card__subtitle">{t("reset.subtitle")}</p>}
        </header>

        {password ? (
          <>
            <p ref={doneRef} tabIndex={-1} className="message message--success" role="status">
              {t("reset.done")}
            </p>
            <div className="field">
              <label className="field__label" htmlFor={passwordId}>
                {t("reset.password_label")}
              </label>
              <div className="auth-card__copy-row">
                <input
                  ref={passwordRef}
                  id={passwordId}
                  className="field__input"
                  type="text"
                  readOnly
                  value={password}
                  autoComplete="off"
                  spellCheck={false}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <button type="button" className="button button--secondary" onClick={() => void onCopy()}>
                  {t("reset.copy")}
                </button>
              </div>
              <p className="field__hint live-region" role="status">
                {copy === "copied" ? t("reset.copied") : copy === "failed" ? t("reset.copy_failed") : null}
              </p>
            </div>
            <Link to={paths.login} className="button button--primary">
              {t("reset.continue")}
            </Link>
          </>
        ) : !token || expired ? (
          <>
            <p className="message message--error" role="alert">
              {token ? t("reset.expired") : t("reset.missing_token")}
            </p>
            <Link to={paths.forgotPassword} className="button button--primary">
              {t("reset.request_new")}
            </Link>
          </>
        ) : (
          <>
            <div role="alert" className={confirm.isError ? "live-region message message--error" : "live-region"}>
              {confirm.isError ? authErrorMessage(confirm.error, t, "reset.error_generic") : null}
            </div>
            <button type="button" className="button button--primary" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {confirm.isPending ? t("reset.working") : t("reset.submit")}
            </button>
          </>
        )}

        {password ? null : (
          <div className="auth-card__links">
            <Link to={paths.login}>{t("forgot.back_to_login")}</Link>
          </div>
        )}
      </section>
    </div>
  );
}
