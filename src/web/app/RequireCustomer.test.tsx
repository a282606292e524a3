import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, testCustomer } from "../test/render-route.tsx";
import { safeNextPath } from "../shared/routing/safe-next.ts";

describe("account guard and redirects", () => {
  it("sends a logged-out visitor from /account to /login, keeping where they wanted to go", async () => {
    const { router } = renderRoute("/account?tab=plans#top", { customer: null });
    await screen.findByRole("heading", { level: 1, name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/account?tab=plans#top")}`);
  });

  it("shows a calm loading status while the login check runs", () => {
    renderRoute("/account", { customer: "pending" });
    expect(screen.getByRole("status").textContent).toMatch(/loading|checking/i);
  });

  it("shows the account page to a logged-in customer", async () => {
    const { router } = renderRoute("/account", { customer: testCustomer });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Welcome to your account");
    expect(router.state.location.pathname).toBe("/account");
    expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy();
  });

  it("skips the check with style=2", async () => {
    const { router } = renderRoute("/account?style=2", { customer: null });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your account");
    expect(router.state.location.pathname).toBe("/account");
  });

  it("redirects /cabinet to /account", async () => {
    const { router } = renderRoute("/cabinet?style=2", { customer: null });
    await screen.findByRole("heading", { level: 1, name: "Your account" });
    expect(router.state.location.pathname).toBe("/account");
    expect(router.state.location.search).toBe("?style=2");
  });

  it.each(["/account/onboarding", "/account/onboarding?id=7"])("sends %s to step id=1", async (path) => {
    const { router } = renderRoute(path, { customer: testCustomer });
    await screen.findByRole("heading", { level: 1, name: "Welcome to your Pathwise account" });
    expect(router.state.location.pathname).toBe("/account/onboarding");
    expect(new URLSearchParams(router.state.location.search).get("id")).toBe("1");
  });

  it("guards onboarding too", async () => {
    const { router } = renderRoute("/account/onboarding?id=1", { customer: null });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/account/onboarding?id=1");
  });

  it("sends a logged-in customer from /login to next, or to /account", async () => {
    const first = renderRoute("/login", { customer: testCustomer });
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/account"));
    first.unmount();
    const second = renderRoute(`/login?next=${encodeURIComponent("/account/onboarding?id=1")}`, { customer: testCustomer });
    await waitFor(() => expect(second.router.state.location.search).toBe("?id=1"));
    expect(second.router.state.location.pathname).toBe("/account/onboarding");
  });

  it("links the header and footer to the account when logged in", async () => {
    renderRoute("/", { customer: testCustomer });
    const banner = await screen.findByRole("banner");
    expect((await within(banner).findByRole("link", { name: "Your account" })).getAttribute("href")).toBe("/account");
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Your account" }).getAttribute("href")).toBe("/account");
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/account", "/account"],
    ["/account/plans?x=1#d", "/account/plans?x=1#d"],
    ["/a/../account", "/account"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each(["/.//evil.example", "/./\\evil.example", "/a/..//evil.example/x", "/%2e//evil.example"])("refuses %s, which normalises to another host", (input) => {
    expect(safeNextPath(input)).toBeNull();
  });

  it.each([null, "", "account", "//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "/%5C%5Cevil"])(
    "refuses %s",
    (input) => {
      const result = safeNextPath(input);
      if (result !== null) expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
      else expect(result).toBeNull();
    },
  );
});
