import { NavLink, Outlet } from "react-router-dom";
import { paths } from "../../shared/routing/paths.ts";
import "./admin.css";

/** The console's sections; each page's heading says where in it you are. */
const ADMIN_NAV = [{ to: paths.adminFunnels, label: "Funnels" }] as const;

/**
 * The frame of the growth console's pages (staff only, behind RequireStaff): a marker that this is
 * the team's console, not the product, and its navigation. Never indexed.
 */
export function AdminLayout() {
  return (
    <div className="admin-area">
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
      <div className="container admin-page">
        <Outlet />
      </div>
    </div>
  );
}
