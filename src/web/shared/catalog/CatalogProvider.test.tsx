import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { allowConsoleErrors } from "#web/test/console-guard.ts";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { createCatalogSource } from "./catalog-source.ts";
import { CatalogProvider, useT } from "./CatalogProvider.tsx";

function Title() {
  const t = useT();
  return (
    <h1>
      {t("login.title")} / {t("nope")}
    </h1>
  );
}

function renderWithCatalog() {
  return render(
    <CatalogProvider source={createCatalogSource()}>
      <Title />
    </CatalogProvider>,
  );
}

describe("CatalogProvider", () => {
  it("shows a loading status until the catalogue is there, then the texts", async () => {
    const calls = mockFetch({ "GET /info-data-catalog/list": ok([{ code: "login.title", text: "Welcome back" }]) });
    renderWithCatalog();
    expect(screen.getByRole("status").textContent).toMatch(/loading/i);
    expect(screen.queryByRole("heading")).toBeNull();
    expect((await screen.findByRole("heading")).textContent).toBe("Welcome back / {{nope}}");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /info-data-catalog/list"]);
  });

  it("logs a failed load and continues with an empty catalogue", async () => {
    allowConsoleErrors(/Catalogue failed to load/);
    const calls = mockFetch({ "GET /info-data-catalog/list": fail(500, "internal") });
    renderWithCatalog();
    expect((await screen.findByRole("heading")).textContent).toBe("{{login.title}} / {{nope}}");
    await waitFor(() => expect(calls.some((c) => c.path === "/log")).toBe(true));
    expect(calls.find((c) => c.path === "/log")?.body).toMatchObject({ level: "error", message: expect.stringMatching(/Catalogue failed to load/) });
    expect(vi.isMockFunction(fetch)).toBe(true);
  });
});
