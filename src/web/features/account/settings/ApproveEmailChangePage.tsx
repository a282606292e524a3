import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { approveEmailChange } from "./settings-api.ts";

/**
 * Where the approval link lands (sent to the current address of an account without a password):
 * one button approves (mail scanners open links too); then the new address gets its confirmation link.
 */
export function ApproveEmailChangePage() {
  const [search] = useSearchParams();
  const [token] = useState(() => search.get("token"));
  const result = useRef<HTMLParagraphElement>(null);
  const approve = useMutation({ mutationFn: approveEmailChange });
  useEffect(() => {
    if (approve.isSuccess || approve.isError) result.current?.focus();
  }, [approve.isSuccess, approve.isError]);

  return (
    <AccountSubPage eyebrow="Your account" title="Approve the change of your email address" back={{ to: paths.accountSettings, label: "Account settings" }}>
      <section className="account__panel settings__section">
        {approve.isSuccess ? (
          <p ref={result} tabIndex={-1} className="message message--success" role="status">
            Approved. We sent a confirmation link to {approve.data.new_email}. Open it while logged in to this account, within 24 hours; your account moves to
            that address then.
          </p>
        ) : approve.isError ? (
          <p ref={result} tabIndex={-1} className="message message--error" role="alert">
            This link has expired, was already used, or belongs to another account. Ask for a new one in your settings, logged in as the account that asked.
          </p>
        ) : token ? (
          <>
            <p>
              Someone logged in to your account asked to move it to another e-mail address. If it was you, approve it: we then send a confirmation link to the
              new address. If it was not you, leave this page; nothing changes.
            </p>
            <button type="button" className="button button--primary" onClick={() => approve.mutate(token)} disabled={approve.isPending}>
              Approve the change
            </button>
          </>
        ) : (
          <p>This page needs the link from the approval e-mail. Open the link in that e-mail, or ask for a new one in your settings.</p>
        )}
        <p>
          <Link to={paths.accountSettings}>Back to account settings</Link>
        </p>
      </section>
    </AccountSubPage>
  );
}
