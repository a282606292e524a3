import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { createActor, fromPromise } from "xstate";
import { AppProviders } from "../app/AppProviders.tsx";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { appRoutes } from "../app/routes/routes.tsx";
import { authMachine, type Customer } from "../shared/auth/auth-machine.ts";
import { runningAuth } from "../shared/auth/auth-runtime.ts";
import { createAuthSource } from "../shared/auth/auth-source.ts";
import { createCatalogSource } from "../shared/catalog/catalog-source.ts";
import type { CatalogMap } from "../shared/catalog/translate.ts";
import { realCatalog } from "./catalog-fixture.ts";

export type RenderRouteOptions = {
  /** Who the login check finds: a customer, nobody (default), or "pending" (never answers). */
  customer?: Customer | null | "pending";
  /** Catalogue texts; the real content/catalog/app.yaml by default. */
  catalog?: CatalogMap;
  /** The live flow routes the page's boot data adds to the build's (ADR 066); none by default. */
  routes?: BootData["routes"];
  /** No QueryClient, as on a funnel's first screen before TanStack Query is fetched (ADR 043). */
  withoutQueries?: boolean;
};

export const testCustomer: Customer = {
  id: "8d7c2b9e-4a1f-4c3e-9b6d-2f1e0a9c8b7d",
  email: "ada@example.org",
  is_onboarded: false,
  is_staff: false,
  first_name: null,
};

/**
 * Renders the real route table at `path`, as the browser router would, with the app's providers:
 * a loaded catalogue and an auth actor whose login check answers `customer`. Other calls
 * (login, logout, …) go through fetch, which a test mocks with mockFetch.
 */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const { customer = null, catalog = realCatalog(), routes, withoutQueries = false } = options;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const logic = authMachine.provide({
    actors: {
      fetchCustomer: fromPromise<Customer | null>(() => (customer === "pending" ? new Promise<never>(() => {}) : Promise.resolve(customer))),
    },
  });
  const auth = createActor(logic);
  auth.start();
  auth.send({ type: "CHECK" });
  const source = createAuthSource({ type: "CHECK" }, { load: () => Promise.resolve(runningAuth(auth)) });
  void source.running();
  const router = createMemoryRouter(appRoutes(routes), { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={withoutQueries ? undefined : queryClient} auth={source} catalog={createCatalogSource(catalog)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, auth, queryClient, ...result };
}
