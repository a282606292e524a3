import type { RouteObject } from "react-router-dom";
import { HomePage } from "../features/home/HomePage.tsx";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import { paths } from "./paths.ts";
import { RouteErrorBoundary } from "./RouteErrorBoundary.tsx";
import { SiteLayout } from "./SiteLayout.tsx";

/**
 * The route table, shared by the browser router (main.tsx) and the memory routers in tests.
 * Every route carries its own errorElement so a failure stays inside that page.
 * Pages other than the landing page should be added with `lazy` to keep the first bundle small.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <SiteLayout />,
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      { index: true, element: <HomePage />, errorElement: <RouteErrorBoundary /> },
      { path: paths.notFound, element: <NotFoundPage />, errorElement: <RouteErrorBoundary /> },
    ],
  },
];
