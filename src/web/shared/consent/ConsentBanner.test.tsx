import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { CONSENT_CHANGE_EVENT } from "#schemas/consent/consent.ts";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";

// A first visit: no choice in the browser (src/web/test/setup.ts gives every other test one), and
// the page's consent state read afresh (test files share modules: another may have loaded it already).
document.cookie = "pw_consent=; max-age=0; path=/";
vi.resetModules();
const { ConsentBanner } = await import("./ConsentBanner.tsx");
const { PrivacyChoicesButton } = await import("./PrivacyChoicesButton.tsx");
const { whenConsented } = await import("./consent-gate.ts");
const { currentConsent } = await import("./consent-state.ts");

const AT = "2026-12-02T01:30:00.000Z";
/** The server's answer: what was sent, with its time. */
const answer = () => mockFetch({ "POST /consent": (call) => ok({ ...(call.body as object), decided_at: AT }) });

function page() {
  return render(
    <MemoryRouter>
      <ConsentBanner />
      <footer>
        <PrivacyChoicesButton className="link" />
      </footer>
    </MemoryRouter>,
  );
}

const banner = () => screen.queryByRole("region", { name: "Your privacy choices" });

describe("the privacy banner", () => {
  it("asks on a first visit; Decline all is one click like Accept all, sends nothing allowed, and starts nothing", async () => {
    const calls = answer();
    const marketing = vi.fn();
    whenConsented("marketing", marketing);
    const changes: unknown[] = [];
    window.addEventListener(CONSENT_CHANGE_EVENT, (e) => changes.push((e as CustomEvent).detail));
    page();
    const region = banner()!;
    const accept = within(region).getByRole("button", { name: "Accept all" });
    const decline = within(region).getByRole("button", { name: "Decline all" });
    within(region).getByRole("button", { name: "Choose" });
    expect(decline.className).toBe(accept.className);
    expect(within(region).queryByRole("switch")).toBeNull();

    fireEvent.click(decline);
    await waitFor(() => expect(banner()).toBeNull());
    expect(calls).toEqual([{ method: "POST", path: "/consent", body: { analytics: false, marketing: false } }]);
    expect(currentConsent()).toEqual({ analytics: false, marketing: false, decided_at: AT });
    expect(changes).toEqual([{ analytics: false, marketing: false, decided_at: AT }]);
    expect(marketing).not.toHaveBeenCalled();
  });

  it("opens again from the footer with the current choice; Choose sets exactly the switches turned on", async () => {
    const calls = answer();
    const analytics = vi.fn();
    const marketing = vi.fn();
    whenConsented("analytics", analytics);
    whenConsented("marketing", marketing);
    page();
    expect(banner()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Privacy choices" }));
    const region = banner()!;
    const analyticsSwitch = within(region).getByRole<HTMLInputElement>("switch", { name: "Analytics" });
    const marketingSwitch = within(region).getByRole<HTMLInputElement>("switch", { name: "Marketing" });
    expect(analyticsSwitch.checked).toBe(false);
    expect(marketingSwitch.checked).toBe(false);
    // Opened on purpose: focus is in the panel, on its first switch.
    expect(document.activeElement).toBe(analyticsSwitch);
    expect(document.getElementById(analyticsSwitch.getAttribute("aria-describedby")!)?.textContent).toMatch(/count visits/);

    fireEvent.click(analyticsSwitch);
    fireEvent.click(within(region).getByRole("button", { name: "Save choices" }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(calls.at(-1)?.body).toEqual({ analytics: true, marketing: false });
    expect(analytics).toHaveBeenCalledTimes(1);
    expect(marketing).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Privacy choices" }));
    expect(within(banner()!).getByRole<HTMLInputElement>("switch", { name: "Analytics" }).checked).toBe(true);
    expect(within(banner()!).getByRole<HTMLInputElement>("switch", { name: "Marketing" }).checked).toBe(false);
    fireEvent.click(within(banner()!).getByRole("button", { name: "Close" }));
    expect(banner()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("Accept all allows both; a save the server refused keeps the banner with a message", async () => {
    mockFetch({ "POST /consent": { status: 503, body: { error: { code: "unavailable", message: "down" } } } });
    const marketing = vi.fn();
    whenConsented("marketing", marketing);
    page();
    fireEvent.click(screen.getByRole("button", { name: "Privacy choices" }));
    fireEvent.click(within(banner()!).getByRole("button", { name: "Accept all" }));
    expect(await within(banner()!).findByText(/could not save your choice/)).toBeTruthy();
    expect(marketing).not.toHaveBeenCalled();

    const calls = answer();
    fireEvent.click(within(banner()!).getByRole("button", { name: "Accept all" }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(calls.at(-1)?.body).toEqual({ analytics: true, marketing: true });
    expect(marketing).toHaveBeenCalledTimes(1);
  });
});
