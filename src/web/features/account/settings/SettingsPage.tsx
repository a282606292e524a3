import { useQuery } from "@tanstack/react-query";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { ConsentSection } from "./ConsentSection.tsx";
import { DeleteSection } from "./DeleteSection.tsx";
import { EmailSection } from "./EmailSection.tsx";
import { PasswordSection } from "./PasswordSection.tsx";
import { EXPORT_URL, settingsQueryOptions } from "./settings-api.ts";
import "#web/shared/ui/forms.css";
import "./settings.css";

/** `/account/profile/account-settings`: password, e-mail address, marketing e-mails, a copy of one's data, deleting the account. */
export function SettingsPage() {
  const settings = useQuery(settingsQueryOptions());
  return (
    <AccountSubPage eyebrow="Your account" title="Account settings" back={{ to: paths.accountProfile, label: "Profile" }}>
      {settings.data ? (
        <div className="settings">
          <PasswordSection settings={settings.data} />
          <EmailSection settings={settings.data} />
          <ConsentSection settings={settings.data} />
          <section className="account__panel settings__section" aria-labelledby="settings-data">
            <h2 id="settings-data" className="account__panel-title">
              Your data
            </h2>
            <p>
              Download everything we hold about your account as a JSON file: your answers and scores, reports, orders and plans, progress, tool entries,
              bookings and feedback.
            </p>
            <p>
              <a className="button button--secondary" href={EXPORT_URL} download>
                Download my data
              </a>
            </p>
          </section>
          <DeleteSection settings={settings.data} />
        </div>
      ) : settings.isError ? (
        <LoadFailed what="your settings" onRetry={() => void settings.refetch()} />
      ) : (
        <PageLoading label="Loading your settings…" />
      )}
    </AccountSubPage>
  );
}
