import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { deleteProblem, DeletionConsequences, useDeleteAccount } from "./DeleteSection.tsx";
import "./settings.css";

/** Where the e-mailed deletion link lands: what deleting means, then one button (mail scanners open links too). */
export function DeleteAccountPage() {
  const [search] = useSearchParams();
  const [token] = useState(() => search.get("token"));
  const remove = useDeleteAccount();
  return (
    <AccountSubPage eyebrow="Your account" title="Delete your account" back={{ to: paths.accountSettings, label: "Account settings" }}>
      <section className="account__panel settings__section settings__danger" aria-labelledby="delete-account-title">
        <h2 id="delete-account-title" className="account__panel-title">
          Confirm the deletion
        </h2>
        {token ? (
          <>
            <DeletionConsequences />
            {remove.isError && (
              <p className="message message--error" role="alert">
                {deleteProblem(remove.error)}
              </p>
            )}
            <p>
              <button type="button" className="button settings__delete" onClick={() => remove.mutate({ token })} disabled={remove.isPending}>
                {remove.isPending ? "Deleting…" : "Delete my account"}
              </button>
            </p>
          </>
        ) : (
          <p>This page needs the link from the deletion e-mail. Open the link in that e-mail, or ask for a new one in your settings.</p>
        )}
        <p>
          <Link to={paths.accountSettings}>Keep my account and go back to the settings</Link>
        </p>
      </section>
    </AccountSubPage>
  );
}
