import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { allowConsoleErrors } from "#web/test/console-guard.ts";
import { renderRoute } from "#web/test/render-route.tsx";
import { RouteErrorBoundary } from "#web/shared/ui/RouteErrorBoundary.tsx";
import { appRoutes } from "./routes.tsx";

const routes = appRoutes();

function everyRoute(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...everyRoute(route.children ?? [])]);
}

describe("routes", () => {
  it.each(["/does-not-exist", "/quiz/unknown/deeper", "/burnout-test-not-a-page"])("renders the not-found page for %s with a link home", async (path) => {
    renderRoute(path);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toMatch(/couldn.t find that page/i);
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("main")).toBeTruthy();
  });

  it("goes home from the not-found page", async () => {
    const { router } = renderRoute("/nowhere");
    await userEvent.click(await screen.findByRole("link", { name: "Go to the home page" }));
    expect((await screen.findByRole("heading", { level: 1, name: /find work that fits/i })).textContent).toMatch(/find work that fits/i);
    expect(router.state.location.pathname).toBe("/");
  });

  it("gives every route its own error boundary", () => {
    for (const route of everyRoute(routes)) {
      expect(route.errorElement, `route ${route.path ?? "(index)"}`).toBeTruthy();
    }
  });

  it("shows a recoverable error page when a page throws", () => {
    allowConsoleErrors(/page exploded|React Router caught the following error|error occurred in/i);
    function Exploding(): never {
      throw new Error("page exploded");
    }
    const router = createMemoryRouter([{ path: "/", element: <Exploding />, errorElement: <RouteErrorBoundary standalone /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toMatch(/something went wrong/i);
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("main")).toBeTruthy();
  });
});
