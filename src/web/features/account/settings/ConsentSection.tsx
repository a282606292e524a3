import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { setMarketingConsent, settingsQueryOptions, type SettingsView } from "./settings-api.ts";

/** Occasional marketing e-mails, on or off; saved as soon as the box changes. */
export function ConsentSection({ settings }: { settings: SettingsView }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(settings.marketing_consent);
  const save = useMutation({
    mutationFn: setMarketingConsent,
    onSuccess: (next) => queryClient.setQueryData(settingsQueryOptions().queryKey, next),
    // Not saved: the box shows what the server has.
    onError: () => setChecked(settings.marketing_consent),
  });
  return (
    <section className="account__panel settings__section" aria-labelledby="settings-consent">
      <h2 id="settings-consent" className="account__panel-title">
        Marketing emails
      </h2>
      <div className="settings__check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => {
            setChecked(e.target.checked);
            save.mutate(e.target.checked);
          }}
          disabled={save.isPending}
        />
        <label htmlFor={id}>Send me occasional e-mails about new assessments and articles</label>
      </div>
      <p className="field__hint">Receipts, login links and messages about your account and plans are always sent, whatever you choose here.</p>
      <p className="settings__saved" role="status">
        {save.isSuccess ? "Saved" : ""}
      </p>
      {save.isError && (
        <p className="message message--error" role="alert">
          We could not save your choice. Please try again.
        </p>
      )}
    </section>
  );
}
