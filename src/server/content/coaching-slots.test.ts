import { describe, expect, it } from "vitest";
import type { CoachingConfig, CoachingSession } from "#schemas/content/coaching.ts";
import { freeSlots, zonedDate, zonedTime } from "./coaching-slots.ts";

const session: CoachingSession = { code: "s", title: "S", minutes: 60, role: "A coach", summary: "x", covers: ["a", "b", "c"], prepare: ["p"] };
const config = (over: Partial<CoachingConfig> = {}): CoachingConfig => ({
  title: "t",
  intro: "i",
  how_it_happens: "h",
  timezone: "Europe/London",
  slot_step_minutes: 30,
  notice_hours: 24,
  horizon_days: 7,
  change_until_hours: 12,
  max_upcoming: 1,
  hours: { mon: [{ from: "09:00", to: "11:00" }] },
  dates_off: [],
  sessions: [session],
  ...over,
});
const iso = (slots: { startsAt: Date }[]) => slots.map((s) => s.startsAt.toISOString());

describe("zoned times", () => {
  it("reads a wall-clock time in its zone on both sides of a daylight-saving change", () => {
    expect(zonedTime("2026-03-27", "09:00", "Europe/London").toISOString()).toBe("2026-03-27T09:00:00.000Z"); // GMT
    expect(zonedTime("2026-03-30", "09:00", "Europe/London").toISOString()).toBe("2026-03-30T08:00:00.000Z"); // BST
    expect(zonedTime("2026-10-26", "09:00", "Europe/London").toISOString()).toBe("2026-10-26T09:00:00.000Z"); // back to GMT
    expect(zonedTime("2026-07-01", "09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedDate(new Date("2026-07-01T23:30:00Z"), "Europe/Berlin")).toBe("2026-07-02");
  });
});

describe("free slots", () => {
  it("offers each step where the whole session fits, in the coach's zone, after the notice and within the horizon", () => {
    // Friday 27 March 2026, 10:00 UTC: the next Monday (30 March) is in summer time.
    const slots = freeSlots(config(), session, new Date("2026-03-27T10:00:00Z"), []);
    expect(iso(slots)).toEqual(["2026-03-30T08:00:00.000Z", "2026-03-30T08:30:00.000Z", "2026-03-30T09:00:00.000Z"]);
    expect(slots[0]!.endsAt.toISOString()).toBe("2026-03-30T09:00:00.000Z");
  });

  it("skips days off, slots inside the notice period, and any start that overlaps a booked session", () => {
    const now = new Date("2026-03-27T10:00:00Z");
    expect(freeSlots(config({ dates_off: ["2026-03-30", "2026-04-06"] }), session, now, [])).toEqual([]);
    const busy = [{ startsAt: new Date("2026-03-30T08:30:00Z"), endsAt: new Date("2026-03-30T09:00:00Z") }];
    expect(iso(freeSlots(config(), session, now, busy))).toEqual(["2026-03-30T09:00:00.000Z"]);
    // 23 h 45 min before Monday's first start: that start is inside the notice, the next two are not;
    // the Monday after is past the 7-day horizon.
    const late = new Date("2026-03-29T08:15:00Z");
    expect(iso(freeSlots(config(), session, late, []))).toEqual(["2026-03-30T08:30:00.000Z", "2026-03-30T09:00:00.000Z"]);
  });
});
