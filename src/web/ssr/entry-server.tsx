import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { createActor } from "xstate";
import type { BootData } from "../../../schemas/pages/boot-data.ts";
import { AppProviders } from "../app/AppProviders.tsx";
import { routes } from "../app/routes.tsx";
import { preloadStepRenderers } from "../funnel/steps/step-renderer.ts";
import { renderForVisitor } from "../funnel/visitor-id.ts";
import { authMachine } from "../shared/auth/auth-machine.ts";
import { renderWithBootData } from "../shared/boot/boot-data.ts";
import { catalogKeys } from "../shared/catalog/catalog-query.ts";
import { toCatalogMap } from "../shared/catalog/translate.ts";

const handler = createStaticHandler(routes);
/** Every step kind's renderer, loaded once: a first step is then drawn without waiting. */
const renderersReady = preloadStepRenderers();

export type RenderedPage = { html: string; status: number; loaderData: Record<string, unknown> };

/**
 * A page as the app's first render draws it, for a visitor without a login (the boot data says so),
 * with the same route table, providers and components as src/web/main.tsx (ADR 039). null when the
 * page is not one to render here: a redirect, a route that failed, or a render that threw; the
 * app then renders it in the browser as before.
 */
export async function renderPage(url: string, boot: BootData, visitor: string): Promise<RenderedPage | null> {
  await renderersReady;
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(catalogKeys.list(), toCatalogMap(boot.catalog.data));
  // Logged out, without asking: the only visitors whose pages are rendered here.
  const auth = createActor(authMachine);
  auth.start();
  auth.send({ type: "NO_SESSION" });
  renderWithBootData(boot);
  renderForVisitor(visitor);
  try {
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient} auth={auth}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    return { html, status: context.statusCode, loaderData: context.loaderData };
  } finally {
    renderWithBootData(undefined);
    renderForVisitor(null);
    auth.stop();
    queryClient.clear();
  }
}
