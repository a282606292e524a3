import { Navigate, Outlet, useLocation, useSearchParams } from "react-router-dom";
import { useAuth } from "../shared/auth/AuthProvider.tsx";
import { PageLoading } from "../shared/ui/PageLoading.tsx";
import { paths } from "../shared/routing/paths.ts";

/** `?style=2` opens the account area without a login check (spec §6). */
const SKIP_CHECK_STYLE = "2";

/**
 * Guards the account area: a logged-out visitor goes to the login page, which brings them back
 * here afterwards (`next`).
 */
export function RequireCustomer() {
  const { status } = useAuth();
  const location = useLocation();
  const [search] = useSearchParams();

  if (search.get("style") === SKIP_CHECK_STYLE) return <Outlet />;
  if (status === "pending") return <PageLoading label="Checking your login…" />;
  if (status === "loggedOut") {
    return <Navigate to={paths.loginThenGo(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}
