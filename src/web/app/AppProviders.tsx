import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "../shared/auth/AuthProvider.tsx";
import type { AuthSource } from "../shared/auth/auth-source.ts";
import type { CatalogSource } from "../shared/catalog/catalog-source.ts";
import { CatalogProvider } from "../shared/catalog/CatalogProvider.tsx";
import { QueryRoot } from "../shared/query/QueryRoot.tsx";

/**
 * The providers every page runs inside, in their one order: queries, then the login state, then
 * the catalogue texts. The browser entry (src/web/main.tsx), the server's render and the tests'
 * renderRoute all use this tree, so a test renders a page exactly as the app does. The QueryClient
 * is undefined on a funnel's first screen until TanStack Query is fetched, after the load event (ADR 043);
 * the login state is the boot data's until the auth machine is fetched (ADR 081).
 */
export function AppProviders({
  queryClient,
  auth,
  catalog,
  children,
}: {
  queryClient: QueryClient | undefined;
  auth: AuthSource;
  catalog: CatalogSource;
  children: ReactNode;
}) {
  return (
    <QueryRoot client={queryClient}>
      <AuthProvider source={auth}>
        <CatalogProvider source={catalog}>{children}</CatalogProvider>
      </AuthProvider>
    </QueryRoot>
  );
}
