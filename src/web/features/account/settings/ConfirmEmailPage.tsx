import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ApiError } from "#web/shared/api/client.ts";
import { useAuth } from "#web/shared/auth/index.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { confirmEmailChange } from "./settings-api.ts";

/** Where the e-mail-change link lands: one button confirms (mail scanners open links too), then the result. */
export function ConfirmEmailPage() {
  const [search, setSearch] = useSearchParams();
  const [token] = useState(() => search.get("token"));
  const { recheck } = useAuth();
  const queryClient = useQueryClient();
  const done = useRef<HTMLParagraphElement>(null);
  // The result lives in the address, not in this component: the login check that follows may remount the page.
  const changed = search.get("changed");
  const confirm = useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async (data) => {
      setSearch({ changed: data.email }, { replace: true });
      await queryClient.invalidateQueries({ queryKey: ["customer"] });
      await recheck();
    },
  });
  useEffect(() => {
    if (changed || confirm.isError) done.current?.focus();
  }, [changed, confirm.isError]);

  const problem =
    confirm.error instanceof ApiError && confirm.error.code === "email_taken"
      ? "Another account uses that address now. Choose another address in your settings."
      : "This link has expired, was already used, or belongs to another account. Ask for a new one in your settings, logged in as the account that asked.";

  return (
    <AccountSubPage eyebrow="Your account" title="Confirm your new email address" back={{ to: paths.accountSettings, label: "Account settings" }}>
      <section className="account__panel settings__section">
        {changed ? (
          <p ref={done} tabIndex={-1} className="message message--success" role="status">
            Done: your account now uses {changed}. Log in with it from now on.
          </p>
        ) : confirm.isError ? (
          <p ref={done} tabIndex={-1} className="message message--error" role="alert">
            {problem}
          </p>
        ) : token ? (
          <>
            <p>Confirm to move your account to the address this link was sent to. Other devices will be logged out.</p>
            <button type="button" className="button button--primary" onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
              Confirm my new address
            </button>
          </>
        ) : (
          <p>This page needs the link from the confirmation e-mail. Open the link in that e-mail, or ask for a new one.</p>
        )}
        <p>
          <Link to={paths.accountSettings}>Back to account settings</Link>
        </p>
      </section>
    </AccountSubPage>
  );
}
