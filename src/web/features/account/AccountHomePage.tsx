import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import type { LoginPageState } from "#web/shared/auth/login-state.ts";
import { useAuth } from "#web/shared/auth/AuthProvider.tsx";
import { useT } from "#web/shared/catalog/CatalogProvider.tsx";
import "#web/shared/ui/forms.css";
import { LatestReportCard } from "./dashboard/LatestReportCard.tsx";
import { NextStep } from "./dashboard/NextStep.tsx";
import { SubscriptionLine } from "./dashboard/SubscriptionLine.tsx";
import { TodaysPlanCard } from "./dashboard/TodaysPlanCard.tsx";
import { settingsQueryOptions } from "./settings/settings-api.ts";
import "./AccountPage.css";
import "./dashboard/dashboard.css";

const HOLDS = ["reports", "plans", "library", "subscription"] as const;

/**
 * The account area's start page, a dashboard: the next useful step, today's plan day, the latest
 * report and the subscription in one line; then what the account holds, and log out.
 */
export function AccountHomePage() {
  const t = useT();
  const navigate = useNavigate();
  const { customer, logout } = useAuth();
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    await logout();
    const state: LoginPageState = { loggedOut: true };
    await navigate(paths.login, { state });
  }

  return (
    <div className="account container">
      <title>Your account · Pathwise</title>
      <header className="account__header">
        <p className="eyebrow">{t("account.eyebrow")}</p>
        <h1 className="account__title">{customer ? <Greeting /> : t("account.greeting_anonymous")}</h1>
        <p className="account__intro">{t("account.intro")}</p>
      </header>

      {customer ? (
        <>
          <NextStep />
          <div className="dashboard">
            <TodaysPlanCard />
            <LatestReportCard />
            <SubscriptionLine />
          </div>
        </>
      ) : null}

      <section className="account__panel" aria-labelledby="account-holds-title">
        <h2 id="account-holds-title" className="account__panel-title">
          {t("account.holds_title")}
        </h2>
        <ul className="account__list">
          {HOLDS.map((item) => (
            <li key={item}>
              {t(`account.holds.${item}`)}
              {item === "reports" && (
                <>
                  {" "}
                  <Link to={paths.accountReports}>Open your reports</Link>
                </>
              )}
              {item === "plans" && (
                <>
                  {" "}
                  <Link to={paths.accountPlans}>Open the plans</Link>
                </>
              )}
              {item === "library" && (
                <>
                  {" "}
                  <Link to={paths.accountLibrary}>Open the library</Link>
                </>
              )}
            </li>
          ))}
        </ul>
        <p>
          <Link to={paths.accountProfile}>{t("account.profile_link")}</Link>
        </p>
      </section>

      <div className="account__footer">
        <p className="account__help">{t("account.help")}</p>
        {customer ? (
          <button type="button" className="button button--secondary" onClick={() => void onLogout()} disabled={leaving}>
            {t("logout.button")}
          </button>
        ) : (
          <Link to={paths.loginThenGo(paths.account)} className="button button--primary">
            {t("login.submit")}
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * "Hello, Ada": the first name the customer gave in a quiz they paid for (the server derives it,
 * `first_name` in the settings); without one, a welcome that names nobody.
 */
function Greeting() {
  const t = useT();
  const name = useQuery(settingsQueryOptions()).data?.first_name;
  return name ? t("account.greeting").replace("{name}", name) : t("account.greeting_unnamed");
}
