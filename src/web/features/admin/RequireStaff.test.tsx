import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, notFound, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { flowFixture } from "./funnels/admin-fixtures.ts";

const staff = { ...testCustomer, is_staff: true };

describe("the growth console's guard", () => {
  it("sends an anonymous visitor to the login page, and back to the console afterwards", async () => {
    const calls = mockFetch({});
    const { router } = renderRoute("/admin/funnels", { customer: null });
    await screen.findByRole("heading", { level: 1, name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/login");
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/admin/funnels");
    expect(calls.filter((c) => c.path.startsWith("/admin"))).toEqual([]);
  });

  it("tells a logged-in customer the area is for the team, and asks the API for nothing", async () => {
    const calls = mockFetch({});
    renderRoute("/admin/funnels/career_test_green", { customer: testCustomer });
    await screen.findByRole("heading", { level: 1, name: "This area is for the Pathwise team" });
    expect(screen.getByRole("link", { name: "Go to your account" }).getAttribute("href")).toBe("/account");
    expect(screen.queryByRole("navigation", { name: "Growth console" })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith("/admin"))).toEqual([]);
  });

  it("opens the console for staff: /admin leads to the funnels, marked as the growth console", async () => {
    mockFetch({ "GET /admin/funnels": ok([flowFixture]) });
    const { router } = renderRoute("/admin", { customer: staff });
    await screen.findByRole("heading", { level: 1, name: "Funnels" });
    expect(router.state.location.pathname).toBe("/admin/funnels");
    const nav = screen.getByRole("navigation", { name: "Growth console" });
    expect(within(nav).getByText(/growth console · staff only/i)).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Funnels" }).getAttribute("aria-current")).toBe("page");
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
  });

  it("shows staff, and only staff, a link to the console in the header and the account menu", async () => {
    // The account's dashboard reads, not looked at here.
    mockFetch(notFound("GET /customer/settings", "GET /customer/paid-content", "GET /customer/latest-reports", "GET /customer/edu-plan/list"));
    const customer = renderRoute("/account", { customer: testCustomer });
    await screen.findByRole("heading", { level: 1, name: "Welcome to your account" });
    expect(screen.queryByRole("link", { name: "Growth console" })).toBeNull();
    customer.unmount();

    renderRoute("/account", { customer: staff });
    await screen.findByRole("heading", { level: 1, name: "Welcome to your account" });
    await waitFor(() => expect(screen.getAllByRole("link", { name: "Growth console" })).toHaveLength(2));
    for (const link of screen.getAllByRole("link", { name: "Growth console" })) expect(link.getAttribute("href")).toBe("/admin/funnels");
  });
});
