import { useId, useState } from "react";
import { Link } from "react-router-dom";
import type { ConsentChoice } from "#schemas/consent/consent.ts";
import { saveConsent } from "#web/shared/consent/consent-api.ts";
import { CONSENT_TOGGLES } from "#web/shared/consent/consent-texts.ts";
import { useConsentView } from "#web/shared/consent/use-consent-view.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import "#web/shared/ui/forms.css";
import "./settings.css";

/**
 * `/account/profile/privacy`: the privacy choice the banner asks for (ADR 055), shown as it is and
 * changed here; saved for this browser and for the account, so the customer's other browsers take
 * it when they log in there without a choice of their own.
 */
export function PrivacyChoicesPage() {
  const { record } = useConsentView();
  const id = useId();
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: record?.analytics ?? false, marketing: record?.marketing ?? false });
  const [state, setState] = useState<"idle" | "saving" | "saved" | "failed">("idle");

  const save = async () => {
    setState("saving");
    try {
      await saveConsent(choice);
      setState("saved");
    } catch {
      setState("failed");
    }
  };

  return (
    <AccountSubPage
      eyebrow="Your account"
      title="Privacy choices"
      back={{ to: paths.accountProfile, label: "Profile" }}
      intro={
        <p>
          Cookies that keep you logged in and your quizzes saved are always on. Everything below is off unless you turn it on.{" "}
          <Link to={paths.accountPrivacyPolicy}>What we send, and to whom</Link>.
        </p>
      }
    >
      <section className="account__panel settings__section" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="account__panel-title">
          What you allow
        </h2>
        <p>
          {record
            ? `Your choice of ${formatDate(record.decided_at)}: analytics ${record.analytics ? "on" : "off"}, marketing ${record.marketing ? "on" : "off"}.`
            : "You have not chosen yet, so analytics and marketing are both off."}
        </p>
        {CONSENT_TOGGLES.map((toggle) => (
          <div key={toggle.purpose} className="settings__check">
            <input
              id={`${id}-${toggle.purpose}`}
              type="checkbox"
              role="switch"
              checked={choice[toggle.purpose]}
              aria-describedby={`${id}-${toggle.purpose}-about`}
              onChange={(e) => {
                setChoice((was) => ({ ...was, [toggle.purpose]: e.target.checked }));
                setState("idle");
              }}
            />
            <div>
              <label htmlFor={`${id}-${toggle.purpose}`}>{toggle.label}</label>
              <p id={`${id}-${toggle.purpose}-about`} className="field__hint">
                {toggle.about}
              </p>
            </div>
          </div>
        ))}
        <p>
          <button type="button" className="button button--primary" disabled={state === "saving"} onClick={() => void save()}>
            Save choices
          </button>
        </p>
        <p className="settings__saved" role="status">
          {state === "saved" ? "Saved" : ""}
        </p>
        {state === "failed" && (
          <p className="message message--error" role="alert">
            We could not save your choice. Please try again.
          </p>
        )}
      </section>
    </AccountSubPage>
  );
}
