import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { ACCOUNT_NAV_ITEMS } from "./account-nav-items.ts";

const as = { customer: testCustomer };

describe("account navigation", () => {
  it("lists every section on every account page and marks the current one", async () => {
    mockFetch({ "GET /article/list": ok([]) });
    renderRoute("/account/library", as);
    const nav = await screen.findByRole("navigation", { name: "Your account" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual(ACCOUNT_NAV_ITEMS.map((i) => [i.label, i.to]));
    expect(within(nav).getByRole("link", { name: "Library" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Overview" }).getAttribute("aria-current")).toBeNull();
  });

  it("opens the small-screen menu with its button and closes it with Escape, focus back on the button", async () => {
    mockFetch({ "GET /article/list": ok([]) });
    renderRoute("/account/library", as);
    const toggle = await screen.findByRole("button", { name: /Menu/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)).toBeTruthy();
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await userEvent.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes the menu when a section is chosen and shows that section", async () => {
    mockFetch({ "GET /article/list": ok([]), "GET /customer/latest-reports": ok([]) });
    const { router } = renderRoute("/account/library", as);
    const toggle = await screen.findByRole("button", { name: /Menu/ });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole("link", { name: "Reports" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/reports"));
    expect(await screen.findByRole("heading", { level: 1, name: /reports/i })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Menu/ }).getAttribute("aria-expanded")).toBe("false");
  });
});
