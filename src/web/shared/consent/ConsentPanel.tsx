import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { ConsentChoice, ConsentRecord } from "#schemas/consent/consent-cookie.ts";
import { paths } from "../routing/paths.ts";
import { MAIN_ID } from "../ui/landmarks.ts";
import { saveConsent } from "./consent-api.ts";
import { closeConsentPanel } from "./consent-state.ts";
import { CONSENT_TOGGLES } from "./consent-texts.ts";
import "./consent.css";

const ALL: ConsentChoice = { analytics: true, marketing: true };
const NONE: ConsentChoice = { analytics: false, marketing: false };

/** Where keyboard focus goes when the banner closes under it: the page's main content, as after a navigation. */
function focusPage(): void {
  const main = document.getElementById(MAIN_ID) ?? document.querySelector<HTMLElement>("main");
  main?.focus({ preventScroll: true });
}

/**
 * The banner's content: what we ask, "Accept all" and "Decline all" side by side (the same size and
 * style, one click each), and "Choose", which shows a switch per purpose and "Save choices". Opened
 * again (`reopened`), the switches show the current choice, focus moves into the panel, and "Close"
 * leaves the choice as it is.
 */
export function ConsentPanel({ record, reopened }: { record: ConsentRecord | null; reopened: boolean }) {
  const titleId = useId();
  const textId = useId();
  const [choosing, setChoosing] = useState(reopened);
  const [choice, setChoice] = useState<ConsentChoice>(record ? { analytics: record.analytics, marketing: record.marketing } : NONE);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const region = useRef<HTMLElement>(null);
  const firstSwitch = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Opened on purpose: focus goes to the first switch. On a first visit the page keeps its focus.
    if (reopened) firstSwitch.current?.focus();
  }, [reopened]);

  const save = async (chosen: ConsentChoice) => {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    setSaving(true);
    setFailed(false);
    try {
      await saveConsent(chosen);
      if (hadFocus) focusPage();
    } catch {
      setFailed(true);
      setSaving(false);
    }
  };

  return (
    <section ref={region} className="consent" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="consent__inner">
        <h2 id={titleId} className="consent__title">
          Your privacy choices
        </h2>
        <p id={textId} className="consent__text">
          Pathwise needs a few cookies to keep you logged in and your quiz saved; those are always on. With your permission we also measure how visitors use the
          site and tell the platforms we advertise on when an ad led to a sign-up or a purchase. Nothing of that runs until you choose.{" "}
          <Link to={paths.privacyPolicy}>What we send, and to whom</Link>
        </p>
        {choosing ? (
          <fieldset className="consent__toggles">
            <legend className="visually-hidden">Allow</legend>
            {CONSENT_TOGGLES.map((toggle, index) => (
              <div key={toggle.purpose} className="consent__toggle">
                <input
                  ref={index === 0 ? firstSwitch : undefined}
                  id={`${titleId}-${toggle.purpose}`}
                  type="checkbox"
                  role="switch"
                  className="consent__switch"
                  checked={choice[toggle.purpose]}
                  aria-describedby={`${titleId}-${toggle.purpose}-about`}
                  onChange={(e) => setChoice((was) => ({ ...was, [toggle.purpose]: e.target.checked }))}
                />
                <label htmlFor={`${titleId}-${toggle.purpose}`} className="consent__label">
                  {toggle.label}
                </label>
                <p id={`${titleId}-${toggle.purpose}-about`} className="consent__about">
                  {toggle.about}
                </p>
              </div>
            ))}
          </fieldset>
        ) : null}
        <div className="consent__actions">
          <button type="button" className="button button--primary consent__button" disabled={saving} onClick={() => void save(ALL)}>
            Accept all
          </button>
          <button type="button" className="button button--primary consent__button" disabled={saving} onClick={() => void save(NONE)}>
            Decline all
          </button>
          {choosing ? (
            <button type="button" className="button button--secondary consent__button" disabled={saving} onClick={() => void save(choice)}>
              Save choices
            </button>
          ) : (
            <button type="button" className="button button--secondary consent__button" onClick={() => setChoosing(true)}>
              Choose
            </button>
          )}
          {reopened ? (
            <button type="button" className="consent__link-button" onClick={closeConsentPanel}>
              Close
            </button>
          ) : null}
        </div>
        <p className="consent__status" role="status">
          {failed ? "We could not save your choice. Check your connection and try again." : ""}
        </p>
      </div>
    </section>
  );
}
