import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import { byDay, dayLabel, timeLabel } from "./when.ts";

const URL = "/account/book-your-coach";
const info = {
  title: "Book a session with a coach",
  intro: "One-to-one video sessions.",
  how_it_happens: "The coach sends you the link by e-mail before the session.",
  timezone: "Europe/London",
  change_until_hours: 12,
  max_upcoming: 1,
  sessions: [
    {
      code: "career-direction",
      title: "Career direction session",
      minutes: 45,
      role: "A certified career coach",
      summary: "Find a direction.",
      covers: ["a", "b", "c"],
      prepare: ["p"],
    },
  ],
};
const booking = (over: Record<string, unknown> = {}) => ({
  id: "5b0e9c1e-1111-4222-8333-944455556666",
  session_code: "career-direction",
  session_title: "Career direction session",
  starts_at: "2026-12-01T09:00:00.000Z",
  ends_at: "2026-12-01T09:45:00.000Z",
  status: "booked",
  note: null,
  can_change: true,
  ...over,
});
const slots = [
  { starts_at: "2026-12-01T09:00:00.000Z", ends_at: "2026-12-01T09:45:00.000Z" },
  { starts_at: "2026-12-01T09:30:00.000Z", ends_at: "2026-12-01T10:15:00.000Z" },
  { starts_at: "2026-12-02T12:00:00.000Z", ends_at: "2026-12-02T12:45:00.000Z" },
];

describe("times in the customer's zone", () => {
  it("groups slots by the customer's day and writes times as they read them", () => {
    expect(byDay(slots, "Europe/Berlin").map((d) => [d.day, d.slots.length])).toEqual([
      ["Tue\u00a01\u00a0Dec", 2],
      ["Wed\u00a02\u00a0Dec", 1],
    ]);
    expect(timeLabel("2026-12-01T09:00:00.000Z", "Europe/Berlin")).toBe("10:00");
    expect(dayLabel("2026-12-01T23:30:00.000Z", "Europe/Berlin")).toBe("Wed\u00a02\u00a0Dec");
  });
});

describe("BookCoachPage", () => {
  it("shows the sessions with their role; choosing a time and booking sends it with the note", async () => {
    const mine = { upcoming: [] as unknown[], past: [] };
    const calls = mockFetch({
      "GET /coaching": ok(info),
      "GET /customer/coaching/bookings": () => ok(mine),
      "GET /customer/coaching/slots": ok(slots),
      "POST /customer/coaching/book": () => {
        mine.upcoming = [booking({ note: "Two offers" })];
        return ok(booking({ note: "Two offers" }), 201);
      },
    });
    renderRoute(URL, { customer: testCustomer });
    expect(await screen.findByRole("heading", { level: 1, name: "Book a session with a coach" })).toBeTruthy();
    expect(await screen.findByText("45 minutes · A certified career coach")).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Choose a time for the Career direction session" }));
    const first = await screen.findAllByRole("radio");
    await u.click(first[0]!);
    await u.type(screen.getByLabelText("What would you like to talk about? (optional)"), "Two offers");
    await u.click(screen.getByRole("button", { name: "Book this time" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/^Booked: Career direction session, /);
    expect(calls.find((c) => c.path === "/customer/coaching/book")?.body).toEqual({
      session_code: "career-direction",
      starts_at: slots[0]!.starts_at,
      note: "Two offers",
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const yours = screen.getByRole("region", { name: "Your sessions" });
    expect(await within(yours).findByText("Your note: Two offers")).toBeTruthy();
  });

  it("a time taken meanwhile says so; a customer without a plan sees what unlocks coaching", async () => {
    mockFetch({
      "GET /coaching": ok(info),
      "GET /customer/coaching/bookings": ok({ upcoming: [], past: [] }),
      "GET /customer/coaching/slots": ok(slots),
      "POST /customer/coaching/book": fail(409, "slot_taken", "Someone has just booked that time. Please choose another."),
    });
    renderRoute(URL, { customer: testCustomer });
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Choose a time for the Career direction session" }));
    await u.click((await screen.findAllByRole("radio"))[1]!);
    await u.click(screen.getByRole("button", { name: "Book this time" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Someone has just booked that time. Please choose another.");
  });

  it("moves and cancels an upcoming session, with a confirm step for cancelling", async () => {
    const calls = mockFetch({
      "GET /coaching": ok(info),
      "GET /customer/coaching/bookings": ok({ upcoming: [booking()], past: [] }),
      "GET /customer/coaching/slots": ok(slots),
      [`POST /customer/coaching/bookings/${booking().id}/move`]: ok(booking({ starts_at: slots[2]!.starts_at, ends_at: slots[2]!.ends_at })),
      [`POST /customer/coaching/bookings/${booking().id}/cancel`]: ok(booking({ status: "cancelled", can_change: false })),
    });
    renderRoute(URL, { customer: testCustomer });
    const yours = await screen.findByRole("region", { name: "Your sessions" });
    expect(screen.queryByRole("button", { name: /Choose a time/ })).toBeNull();
    const u = userEvent.setup();
    await u.click(within(yours).getByRole("button", { name: "Move" }));
    await u.click((await within(yours).findAllByRole("radio"))[2]!);
    await u.click(within(yours).getByRole("button", { name: "Move to this time" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/^Moved: Career direction session/);
    expect(calls.find((c) => c.path.endsWith("/move"))?.body).toEqual({
      starts_at: slots[2]!.starts_at,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    await u.click(within(yours).getByRole("button", { name: "Cancel" }));
    const confirm = within(yours).getByRole("group", { name: "Cancel this session?" });
    await u.click(within(confirm).getByRole("button", { name: "Yes, cancel it" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/^Cancelled: Career direction session/);
  });

  it("an account that never paid sees the lock and what unlocks it on the first render, before any click, and no time can be chosen", async () => {
    const calls = mockFetch({
      "GET /coaching": ok(info),
      "GET /customer/coaching/bookings": ok({
        upcoming: [],
        past: [],
        locked: {
          message: "Education plans, articles, tools and coaching come with a Pathwise plan. See the plans and choose one to open them.",
          unlock: { reason: "no_plan", href: "/pricing" },
        },
      }),
    });
    renderRoute(URL, { customer: testCustomer });
    const lock = await screen.findByRole("region", { name: /Unlock coaching/ });
    expect(lock.textContent).toContain("coaching come with a Pathwise plan");
    expect(within(lock).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.queryByRole("button", { name: /Choose a time/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "Your sessions" })).toBeNull();
    expect(screen.getByRole("heading", { name: "What a plan lets you book" })).toBeTruthy();
    expect(screen.getByText("Career direction session")).toBeTruthy();
    expect(screen.getAllByText("Locked")).toHaveLength(1);
    expect(calls.some((c) => c.path.startsWith("/customer/coaching/slots"))).toBe(false);
  });

  it("after a plan ended, a session booked before stays listed and can be cancelled, under the lock", async () => {
    mockFetch({
      "GET /coaching": ok(info),
      "GET /customer/coaching/bookings": ok({
        upcoming: [booking()],
        past: [],
        locked: {
          message: "Your plan has ended, so education plans, articles, tools and coaching are locked. Choose a plan again to open them.",
          unlock: { reason: "plan_ended", href: "/pricing" },
        },
      }),
    });
    renderRoute(URL, { customer: testCustomer });
    const lock = await screen.findByRole("region", { name: /Unlock coaching/ });
    expect(within(lock).getByRole("link", { name: "Choose a plan again" }).getAttribute("href")).toBe("/pricing");
    const yours = screen.getByRole("region", { name: "Your sessions" });
    expect(within(yours).getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Choose a time/ })).toBeNull();
  });
});
