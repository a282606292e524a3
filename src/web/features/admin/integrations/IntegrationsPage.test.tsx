import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Delivery, Integration } from "#schemas/api/admin-integrations.ts";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

const staff = { ...testCustomer, is_staff: true };

const days = (today: Partial<Integration["days"][number]>): Integration["days"] =>
  Array.from({ length: 14 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 18 + i)).toISOString().slice(0, 10),
    sent: 0,
    queued: 0,
    failed: 0,
    cancelled: 0,
    preview: 0,
    ...(i === 13 ? today : {}),
  }));

const row = (over: Partial<Delivery>): Delivery => ({
  id: "00000000-0000-4000-8000-000000000001",
  queuedAt: "2026-12-01T10:00:00.000Z",
  sentAt: "2026-12-01T10:00:01.000Z",
  kind: "purchase",
  eventId: "order_11111111-1111-4111-8111-111111111111",
  status: "sent",
  attempts: 1,
  httpStatus: 200,
  message: null,
  ...over,
});

const refused = row({
  id: "00000000-0000-4000-8000-000000000002",
  kind: "lead",
  eventId: "lead_22222222-2222-4222-8222-222222222222",
  status: "failed",
  sentAt: null,
  httpStatus: 400,
  message: 'HTTP 400: {"error":{"message":"Invalid parameter"}}',
});

const meta: Integration = {
  key: "meta",
  title: "Meta Conversions API",
  inRegistry: true,
  mode: "sending",
  missing: [],
  test: { ready: true, problem: null },
  days: days({ sent: 1, failed: 1 }),
  failed: 1,
  failures: [refused],
  latest: [refused, row({})],
};
const tiktok: Integration = {
  key: "tiktok",
  title: "TikTok Events API",
  inRegistry: true,
  mode: "off",
  missing: ["TIKTOK_PIXEL_ID", "TIKTOK_ACCESS_TOKEN"],
  test: { ready: false, problem: "TikTok is not configured: set TIKTOK_PIXEL_ID and TIKTOK_ACCESS_TOKEN" },
  days: days({}),
  failed: 0,
  failures: [],
  latest: [],
};
const webhook: Integration = { ...tiktok, key: "webhook:crm", title: "webhook:crm", inRegistry: false, mode: null, missing: [], test: null, latest: [row({})] };

describe("the integrations page (/admin/integrations)", () => {
  it("shows each destination: what is missing, the failures first with the platform's message, events per day and the latest", async () => {
    mockFetch({ "GET /admin/integrations": ok([meta, tiktok, webhook]) });
    renderRoute("/admin/integrations", { customer: staff });
    const metaSection = await screen.findByRole("region", { name: /^Meta Conversions API/ });
    expect(within(metaSection).getByText("Configured: events are sent.")).toBeTruthy();
    expect(within(metaSection).getByRole("note").textContent).toMatch(/^1 event failed/);
    const failures = within(metaSection).getByRole("region", { name: "Latest failures at Meta Conversions API" });
    const failed = within(failures).getAllByRole("row")[1]!;
    expect(failed.textContent).toContain("Invalid parameter");
    expect(failed.textContent).toContain("400");
    const perDay = within(metaSection).getByRole("region", { name: /^Events per day at Meta Conversions API/ });
    expect(within(perDay).getAllByRole("row")).toHaveLength(15);
    expect(
      within(perDay)
        .getByRole("rowheader", { name: /^1\sDec$/ })
        .closest("tr")!.textContent,
    ).toMatch(/^1\sDec11$/);
    expect(within(metaSection).getByRole("region", { name: "Latest 2 events at Meta Conversions API" })).toBeTruthy();

    const off = screen.getByRole("region", { name: /^TikTok Events API/ });
    expect(within(off).getByText("Not configured: set TIKTOK_PIXEL_ID and TIKTOK_ACCESS_TOKEN. No events are queued for it.")).toBeTruthy();
    expect(within(off).queryByRole("button")).toBeNull();
    expect(within(off).getByText("No events were queued for TikTok Events API in the last 14 days.")).toBeTruthy();

    const hook = screen.getByRole("region", { name: /^webhook:crm/ });
    expect(within(hook).getByText("Known from its events in the outbox.")).toBeTruthy();
    expect(within(hook).queryByRole("button")).toBeNull();
  });

  it("the test button sends a test and shows the platform's answer; a refusal shows its reason", async () => {
    let answer: "ok" | "refused" = "ok";
    const calls = mockFetch({
      "GET /admin/integrations": ok([meta]),
      "POST /admin/integrations/meta/test": () =>
        answer === "ok"
          ? ok({ destination: "meta", eventId: "lead_test-1", httpStatus: 200, accepted: true, findings: [], answer: '{"events_received":1}' })
          : { status: 409, body: { error: { code: "no_test_channel", message: "Set META_TEST_EVENT_CODE to send a test" } } },
    });
    renderRoute("/admin/integrations", { customer: staff });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Send a test event to Meta Conversions API" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("Meta Conversions API accepted the test event lead_test-1 (HTTP 200).");
    expect(status.textContent).toContain('{"events_received":1}');
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/admin/integrations/meta/test"]);

    answer = "refused";
    await user.click(screen.getByRole("button", { name: "Send a test event to Meta Conversions API" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Set META_TEST_EVENT_CODE to send a test");
  });
});
