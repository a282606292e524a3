import { Outlet } from "react-router-dom";
import { BrandLink } from "#web/shared/ui/Logo.tsx";
import { useT } from "#web/shared/catalog/index.ts";
import { PrivacyChoicesButton } from "#web/shared/consent/PrivacyChoicesButton.tsx";
import "./checkout.css";

/**
 * A quiet frame without site navigation, for the payment return pages: the order check page
 * always, and the result pages with `?style=2`.
 */
export function FocusedLayout() {
  const t = useT();
  const support = t("support.email");
  return (
    <div className="focused">
      <header className="focused__header">
        <BrandLink />
      </header>
      <main id="main" tabIndex={-1} className="focused__main">
        <Outlet />
      </main>
      <footer className="focused__footer">
        <p>
          Questions about a payment? <a href={`mailto:${support}`}>{support}</a>
        </p>
        <p>
          <PrivacyChoicesButton className="consent__link-button" />
        </p>
      </footer>
    </div>
  );
}
