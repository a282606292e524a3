import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "../test/render-route.tsx";

describe("app shell", () => {
  it("stores attribution parameters on landing and on later navigations that carry them", async () => {
    const { router } = renderRoute("/?utm_source=facebook&utm_campaign=spring&quiz_title=Career&fbclid=fb.1");
    await screen.findByRole("heading", { level: 1 });
    // Stored by an effect after the landing page renders.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("utmParams") ?? "null")).toEqual({ utm_source: "facebook", utm_campaign: "spring", quiz_title: "Career" }),
    );
    expect(localStorage.getItem("fbclid")).toBe("fb.1");
    await act(() => router.navigate("/login?next=%2Faccount"));
    expect(JSON.parse(localStorage.getItem("utmParams")!)).toMatchObject({ utm_source: "facebook" });
    await act(() => router.navigate("/?utm_source=google"));
    expect(JSON.parse(localStorage.getItem("utmParams")!)).toEqual({ utm_source: "google" });
  });

  it("scrolls to the top on a new page, to the hash target when there is one, and back on POP", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { router } = renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    await act(() => router.navigate("/#assessments"));
    expect(scrollIntoView).toHaveBeenCalled();
    expect((scrollIntoView.mock.contexts.at(-1) as HTMLElement).id).toBe("assessments");

    Object.defineProperty(window, "scrollY", { value: 640, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    scrollTo.mockClear();
    await act(() => router.navigate("/login"));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => router.navigate(-1));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    scrollTo.mockRestore();
  });

  it("restores the saved position on back", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const { router } = renderRoute("/login");
    await screen.findByRole("heading", { level: 1 });
    Object.defineProperty(window, "scrollY", { value: 480, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    // Leaving the page saves the position at once (a scroll saves it in a later frame); the listeners
    // come with an effect after the first render, so ask until the position is kept.
    await waitFor(() => {
      window.dispatchEvent(new Event("pagehide"));
      expect(Object.values(JSON.parse(sessionStorage.getItem("pathwise:scroll") ?? "{}"))).toContain(480);
    });
    await act(() => router.navigate("/forgot-password"));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/login");
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
    scrollTo.mockRestore();
  });
});
