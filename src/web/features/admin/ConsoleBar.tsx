import { NavLink } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import "./admin.css";

/** The console's sections; each page's heading says where in it you are. */
const ADMIN_NAV = [
  { to: paths.adminFunnels, label: "Funnels" },
  { to: paths.adminAdSpend, label: "Ad spend" },
  { to: paths.adminIntegrations, label: "Integrations" },
  { to: paths.adminWebhooks, label: "Webhooks" },
] as const;

/**
 * The growth console's bar, on every console page and on the step preview (which has its own
 * frame): a marker that this is the team's console, not the product, its navigation, and no indexing.
 */
export function ConsoleBar() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <nav className="admin-nav" aria-label="Growth console">
        <div className="container admin-nav__inner">
          <p className="admin-nav__badge">Growth console · staff only</p>
          <ul className="admin-nav__list">
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="admin-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </>
  );
}
