import { Link, Navigate, Outlet, useLocation } from "react-router-dom";
import { useAuth } from "#web/shared/auth/index.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import "./admin.css";

/**
 * Guards the growth console in the browser: an anonymous visitor goes to the login page (and comes
 * back afterwards), a customer reads that the area is for the Pathwise team and nothing is asked
 * of the API. The server refuses both anyway (src/server/routes/admin/staff-guard.ts); this only
 * spares them a page of errors.
 */
export function RequireStaff() {
  const { status, customer } = useAuth();
  const location = useLocation();

  if (status === "pending") return <PageLoading label="Checking your login…" />;
  if (status === "loggedOut" || !customer) {
    return <Navigate to={paths.loginThenGo(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (!customer.is_staff) return <StaffOnly />;
  return <Outlet />;
}

/** What a logged-in customer sees at /admin: where they are, and the way back to their own pages. */
function StaffOnly() {
  return (
    <section className="admin-refused container" aria-labelledby="admin-refused-title">
      <title>For the Pathwise team · Pathwise</title>
      <meta name="robots" content="noindex" />
      <h1 id="admin-refused-title" className="admin-refused__title">
        This area is for the Pathwise team
      </h1>
      <p className="admin-refused__text">
        The growth console shows how our assessments are doing and is open only to staff accounts. Your own results, plans and settings are in your account.
      </p>
      <div className="admin-refused__actions">
        <Link to={paths.account} className="button button--primary">
          Go to your account
        </Link>
        <Link to={paths.home} className="button button--secondary">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
