import { Link } from "react-router-dom";
import { useOptionalAuthStatus } from "../shared/auth/AuthProvider.tsx";
import { PrivacyChoicesButton } from "../shared/consent/PrivacyChoicesButton.tsx";
import { LogoMark } from "../shared/ui/Logo.tsx";
import { paths } from "../shared/routing/paths.ts";
import "./SiteFooter.css";

const footerLinks = [
  { to: paths.pricing, label: "Pricing" },
  { to: paths.careerToolkit, label: "Career toolkit" },
  { to: paths.termsOfService, label: "Terms of Service" },
  { to: paths.privacyPolicy, label: "Privacy Policy" },
  { to: paths.refundPolicy, label: "Refund Policy" },
  { to: paths.contacts, label: "Contacts" },
] as const;

export function SiteFooter() {
  const account = useOptionalAuthStatus() === "loggedIn" ? { to: paths.account, label: "Your account" } : { to: paths.login, label: "Log in" };
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <LogoMark size={28} />
            <span>Pathwise</span>
          </p>
          <p className="site-footer__tagline">Career and wellbeing assessments with personal reports and practical next steps.</p>
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <ul className="site-footer__list">
            {[...footerLinks, account].map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="site-footer__link">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <PrivacyChoicesButton className="site-footer__link site-footer__button" />
            </li>
          </ul>
        </nav>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} Pathwise. Results are for self-exploration and are not a medical or psychological diagnosis.
        </p>
      </div>
    </footer>
  );
}
