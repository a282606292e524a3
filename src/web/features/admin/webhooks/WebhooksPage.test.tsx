import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { WebhookDelivery, WebhookEndpoint } from "#schemas/api/admin-webhooks.ts";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

const staff = { ...testCustomer, is_staff: true };
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const endpoint: WebhookEndpoint = {
  id: "5b0c1f7e-2d3a-4c5b-8e9f-0a1b2c3d4e5f",
  url: "https://crm.example.org/hooks/pathwise",
  events: ["purchase", "refund"],
  description: "The CRM",
  enabled: true,
  createdAt: "2026-12-01T09:30:00.000Z",
  hasSecret: true,
};
const failed: WebhookDelivery = {
  id: "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  eventId: "order_0f1e2d3c",
  kind: "purchase",
  status: "failed",
  attempts: 1,
  lastStatus: 422,
  lastError: 'HTTP 422: {"error":"unknown customer"}',
  createdAt: "2026-12-01T10:00:00.000Z",
  sentAt: null,
  nextAttemptAt: null,
};

describe("the webhooks page (/admin/webhooks)", () => {
  it("registers an endpoint with the chosen events and shows its secret once, with a way to copy it", async () => {
    let endpoints: WebhookEndpoint[] = [];
    const calls = mockFetch({
      "GET /admin/webhooks": () => ok(endpoints),
      "POST /admin/webhooks": () => {
        endpoints = [endpoint];
        return ok({ ...endpoint, secret: SECRET });
      },
    });
    const user = userEvent.setup();
    renderRoute("/admin/webhooks", { customer: staff });
    expect(await screen.findByText("No endpoint yet.")).toBeTruthy();

    const form = screen.getByRole("form", { name: "Add an endpoint" });
    // The events offered are the kinds the server sends, by the type a receiver sees.
    expect(
      within(form)
        .getAllByRole("checkbox")
        .map((c) => c.closest("label")!.textContent.trim()),
    ).toEqual(["lead.created", "purchase.completed", "trial.started", "subscription.renewed", "refund.issued"]);
    await user.type(within(form).getByLabelText("Address"), endpoint.url);
    await user.click(within(form).getByRole("checkbox", { name: "purchase.completed" }));
    await user.click(within(form).getByRole("checkbox", { name: "refund.issued" }));
    await user.type(within(form).getByLabelText("Description (optional)"), "The CRM");
    await user.click(within(form).getByRole("button", { name: "Add endpoint" }));

    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ url: endpoint.url, events: ["purchase", "refund"], description: "The CRM" });
    const secret = await screen.findByLabelText<HTMLInputElement>("Signing secret");
    expect(secret.value).toBe(SECRET);
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText("Copied to the clipboard.")).toBeTruthy();

    // The list says only that a secret exists.
    const card = await screen.findByRole("article", { name: endpoint.url });
    expect(card.textContent).toContain("Set (shown once, when the endpoint was added)");
    expect(card.textContent).not.toContain(SECRET);
  });

  it("lists the server's refusal of an address", async () => {
    mockFetch({
      "GET /admin/webhooks": ok([]),
      "POST /admin/webhooks": {
        status: 400,
        body: {
          error: {
            code: "invalid_request",
            message: "body.url: must be a full http:// or https:// address",
            issues: [{ path: "body.url", message: "must be a full http:// or https:// address" }],
          },
        },
      },
    });
    const user = userEvent.setup();
    renderRoute("/admin/webhooks", { customer: staff });
    const form = await screen.findByRole("form", { name: "Add an endpoint" });
    await user.type(within(form).getByLabelText("Address"), "http://crm");
    await user.click(within(form).getByRole("checkbox", { name: "purchase.completed" }));
    await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
    expect((await screen.findByRole("alert")).textContent).toContain("must be a full http:// or https:// address");
    expect(screen.queryByLabelText("Signing secret")).toBeNull();
  });

  it("shows an endpoint's deliveries in the house format and sends one again", async () => {
    let log: WebhookDelivery[] = [failed];
    const calls = mockFetch({
      "GET /admin/webhooks": ok([endpoint]),
      [`GET /admin/webhooks/${endpoint.id}/deliveries`]: () => ok(log),
      [`POST /admin/webhooks/${endpoint.id}/deliveries/${failed.id}/send-again`]: () => {
        log = [{ ...failed, status: "sent", attempts: 2, lastStatus: 200, lastError: null, sentAt: "2026-12-01T10:05:00.000Z" }];
        return ok(log[0]);
      },
    });
    const user = userEvent.setup();
    renderRoute("/admin/webhooks", { customer: staff });
    await user.click(await screen.findByRole("button", { name: "Show deliveries" }));
    const table = await screen.findByRole("region", { name: `Latest deliveries to ${endpoint.url}` });
    const row = within(table)
      .getByRole("rowheader", { name: /purchase\.completed/ })
      .closest("tr")!;
    expect(row.textContent.replace(/\u00a0/g, " ")).toContain("1 Dec 2026, 10:00 UTC");
    expect(row.textContent).toContain("Failed");
    expect(row.textContent).toContain('HTTP 422: {"error":"unknown customer"}');

    await user.click(within(row).getByRole("button", { name: "Send purchase.completed order_0f1e2d3c again" }));
    await waitFor(() =>
      expect(
        within(table)
          .getByRole("rowheader", { name: /purchase\.completed/ })
          .closest("tr")!.textContent,
      ).toContain("Sent"),
    );
    const after = within(table)
      .getByRole("rowheader", { name: /purchase\.completed/ })
      .closest("tr")!;
    expect(within(after).getAllByRole("cell")[2]!.textContent).toBe("2");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([`/admin/webhooks/${endpoint.id}/deliveries/${failed.id}/send-again`]);
  });
});
