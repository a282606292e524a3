import { Navigate, Outlet, useLocation, useSearchParams } from "react-router-dom";
import { useAuth } from "../shared/auth/AuthProvider.tsx";
import { PageLoading } from "../shared/ui/PageLoading.tsx";
import { paths } from "../shared/routing/paths.ts";
import { SKIP_LOGIN_CHECK_STYLE } from "#schemas/pages/route-patterns.ts";

/**
 * Guards the account area: a logged-out visitor goes to the login page, which brings them back
 * here afterwards (`next`).
 */
export function RequireCustomer() {
  const { status } = useAuth();
  const location = useLocation();
  const [search] = useSearchParams();

  if (search.get("style") === SKIP_LOGIN_CHECK_STYLE) return <Outlet />;
  if (status === "pending") return <PageLoading label="Checking your login…" />;
  if (status === "loggedOut") {
    return <Navigate to={paths.loginThenGo(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}
