import { describe, expect, it, vi } from "vitest";
import { loadTagManager } from "./tag-manager.ts";

describe("loadTagManager", () => {
  it("adds the container script once and starts the data layer", () => {
    window.dataLayer = [];
    const append = vi.spyOn(document.head, "append").mockImplementation(() => {});
    const querySelector = vi.spyOn(document, "querySelector");
    loadTagManager("GTM-AB12");
    expect(window.dataLayer?.[0]).toMatchObject({ event: "gtm.js" });
    const script = append.mock.calls[0]?.[0] as HTMLScriptElement;
    expect(script.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12");
    expect(script.async).toBe(true);
    querySelector.mockReturnValueOnce(script);
    loadTagManager("GTM-AB12");
    expect(append).toHaveBeenCalledTimes(1);
    append.mockRestore();
    querySelector.mockRestore();
  });
});
