import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { AuthActor } from "../shared/auth/auth-actions.ts";
import { AuthProvider } from "../shared/auth/AuthProvider.tsx";
import { CatalogProvider } from "../shared/catalog/CatalogProvider.tsx";

/**
 * The providers every page runs inside, in their one order: queries, then the login state, then
 * the catalogue texts. The browser entry (src/web/main.tsx) and the tests' renderRoute both use this tree,
 * so a test renders a page exactly as the app does.
 */
export function AppProviders({ queryClient, auth, children }: { queryClient: QueryClient; auth: AuthActor; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider actor={auth}>
        <CatalogProvider>{children}</CatalogProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
