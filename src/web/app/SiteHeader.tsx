import { Link } from "react-router-dom";
import { useOptionalAuthStatus, useOptionalIsStaff } from "../shared/auth/AuthProvider.tsx";
import { LogoMark } from "../shared/ui/Logo.tsx";
import { paths } from "../shared/routing/paths.ts";
import "./SiteHeader.css";

export function SiteHeader() {
  const loggedIn = useOptionalAuthStatus() === "loggedIn";
  const staff = useOptionalIsStaff();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="site-header__brand">
          <LogoMark />
          <span>Pathwise</span>
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <ul className="site-header__list">
            <li className="site-header__item--wide-only">
              <Link to={paths.homeSection("how-it-works")} className="site-header__link">
                How it works
              </Link>
            </li>
            <li className="site-header__item--tablet-up">
              <Link to={paths.homeSection("assessments")} className="site-header__link">
                Assessments
              </Link>
            </li>
            <li className="site-header__item--tablet-up">
              <Link to={paths.pricing} className="site-header__link">
                Pricing
              </Link>
            </li>
            {staff ? (
              // Phones reach the console from the account's menu (AccountLayout).
              <li className="site-header__item--tablet-up">
                <Link to={paths.adminFunnels} className="site-header__link">
                  Growth console
                </Link>
              </li>
            ) : null}
            <li>
              {loggedIn ? (
                <Link to={paths.account} className="button button--secondary site-header__login">
                  Your account
                </Link>
              ) : (
                <Link to={paths.login} className="button button--secondary site-header__login">
                  Log in
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
