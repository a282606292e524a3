import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { paths } from "#web/shared/routing/paths.ts";
import { renderRoute } from "#web/test/render-route.tsx";
import { parseMarkdown, renderBlocks } from "./markdown.tsx";

async function openPage(path: string) {
  const view = renderRoute(path);
  const h1 = await screen.findByRole("heading", { level: 1 });
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  const text = document.body.textContent ?? "";
  // Every {{code}} was filled from the catalogue.
  expect(text).not.toMatch(/\{\{|\}\}/);
  return { ...view, h1, text };
}

function mailto() {
  return screen.getAllByRole("link", { name: "support@pathwise.app" }).map((a) => a.getAttribute("href"));
}

describe("legal pages", () => {
  it("shows the terms of service with renewals, cancelling and the company", async () => {
    const { h1, text } = await openPage(paths.termsOfService);
    expect(h1.textContent).toBe("Terms of Service");
    expect(document.title).toBe("Terms of Service · Pathwise");
    expect(text).toContain("Pathwise Labs, Inc.");
    expect(text).toMatch(/renew automatically until you cancel/i);
    expect(text).toMatch(/Maxpay or PayPro Global/);
    expect(text).toContain("22 November 2026");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Refund Policy" }).getAttribute("href")).toBe(paths.refundPolicy);
  });

  it("shows the privacy policy with cookies and the processors", async () => {
    const { h1, text } = await openPage(paths.privacyPolicy);
    expect(h1.textContent).toBe("Privacy Policy");
    expect(text).toMatch(/HttpOnly/);
    expect(text).toMatch(/Sentry/);
    expect(text).toMatch(/Google Tag Manager/);
    expect(text).toMatch(/never see or store your card number|do not see or store your card number/i);
    expect(mailto()).toContain("mailto:support@pathwise.app");
  });

  it("says what goes to which advertising platform, only with marketing consent, and where the choice is changed (ADR 055)", async () => {
    const { text } = await openPage(paths.privacyPolicy);
    expect(text).toMatch(/Only with your marketing consent[^.]*Meta[^.]*Google and TikTok/);
    for (const sent of ["SHA-256", "fbclid", "ttclid", "_fbp", "_fbc", "_ga", "IP address", "user agent", "value and currency", "same event id"])
      expect(text).toContain(sent);
    expect(text).toMatch(/Until you choose, and after you decline, none of these tags or scripts is loaded/);
    expect(text).toMatch(/Privacy choices at the bottom of every page/);
    expect(text).toMatch(/signed notices/);
  });

  it("shows the refund policy with its windows", async () => {
    const { h1, text } = await openPage(paths.refundPolicy);
    expect(h1.textContent).toBe("Refund Policy");
    expect(document.title).toBe("Refund Policy · Pathwise");
    expect(text).toMatch(/within 14 days of your first charge/i);
    expect(text).toMatch(/within 7 days of that charge/i);
    expect(text).toMatch(/EU and UK/);
    expect(mailto()).toContain("mailto:support@pathwise.app");
  });

  it("shows the contacts page with the e-mail, address, reply time and the self-service cancel link", async () => {
    const { h1, text } = await openPage(paths.contacts);
    expect(h1.textContent).toBe("Contacts");
    expect(mailto()).toContain("mailto:support@pathwise.app");
    expect(text).toContain("Pathwise Labs, Inc.");
    expect(text).toContain("1200 Harbor Point Avenue, Suite 310, Portland, OR 97209, United States");
    expect(text).toMatch(/within 2 business days/i);
    expect(screen.getByRole("link", { name: "My plans" }).getAttribute("href")).toBe(paths.accountMyPlans);
  });
});

describe("the legal Markdown renderer", () => {
  function renderMarkdown(source: string) {
    const router = createMemoryRouter([{ path: "/", element: <div>{renderBlocks(parseMarkdown(source))}</div> }]);
    return render(<RouterProvider router={router} />);
  }

  it("renders headings, paragraphs, lists, bold and links", () => {
    const { container } = renderMarkdown("# Title\n\nOne\nline.\n\n## Part\n\n- a **b**\n- [c](/contacts)\n");
    expect(container.querySelector("h1")?.textContent).toBe("Title");
    expect(container.querySelector("p")?.textContent).toBe("One line.");
    expect(container.querySelector("h2")?.textContent).toBe("Part");
    expect(container.querySelectorAll("li")).toHaveLength(2);
    expect(container.querySelector("strong")?.textContent).toBe("b");
    expect(container.querySelector("a")?.getAttribute("href")).toBe("/contacts");
  });

  it("never produces markup from the text or unsafe links", () => {
    const { container } = renderMarkdown('<img src=x onerror="alert(1)"> [bad](javascript:alert(1)) [proto](//evil.example)');
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toContain("<img");
  });
});
