import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useAuth } from "#web/shared/auth/AuthProvider.tsx";
import { useT } from "#web/shared/catalog/CatalogProvider.tsx";
import "#web/shared/ui/forms.css";
import "./AccountPage.css";

const STEPS = ["read", "plan", "return"] as const;

/** The welcome step (`?id=1`). Finishing it marks the customer onboarded, then opens the account. */
export function OnboardingPage() {
  const t = useT();
  const navigate = useNavigate();
  const { customer, setOnboarded } = useAuth();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failed) errorRef.current?.focus();
  }, [failed]);

  async function onFinish() {
    setSaving(true);
    setFailed(false);
    try {
      await setOnboarded();
      await navigate(paths.account);
    } catch {
      // Already logged by the auth machine; the customer can try again.
      setFailed(true);
      setSaving(false);
    }
  }

  const needsSaving = customer !== null && !customer.is_onboarded;

  return (
    <div className="account container">
      <title>Welcome · Pathwise</title>
      <header className="account__header">
        <p className="eyebrow">{t("onboarding.eyebrow")}</p>
        <h1 className="account__title">{t("onboarding.title")}</h1>
        <p className="account__intro">{t("onboarding.intro")}</p>
      </header>

      <section className="account__panel" aria-label={t("onboarding.title")}>
        <ol className="onboarding__steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`onboarding.step.${step}`)}</li>
          ))}
        </ol>
      </section>

      <div ref={errorRef} tabIndex={-1} role="alert" className={failed ? "live-region message message--error" : "live-region"}>
        {failed ? t("onboarding.error") : null}
      </div>

      <div className="onboarding__actions">
        {needsSaving ? (
          <button type="button" className="button button--primary" onClick={() => void onFinish()} disabled={saving}>
            {saving ? t("onboarding.finishing") : t("onboarding.finish")}
          </button>
        ) : (
          <Link to={paths.account} className="button button--primary">
            {t("onboarding.continue")}
          </Link>
        )}
      </div>
    </div>
  );
}
