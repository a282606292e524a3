import { describe, expect, it } from "vitest";
import { CONVERSION_EVENTS, CONVERSION_KINDS, WEBHOOK_KINDS, conversionEventId } from "./events.ts";

describe("the conversion vocabulary", () => {
  it("gives an order one event id whether it started a trial or was bought outright", () => {
    const order = "6f1c2d3e-0000-4000-8000-000000000001";
    expect(conversionEventId("purchase", order)).toBe(conversionEventId("trial_started", order));
    expect(conversionEventId("refund", order)).not.toBe(conversionEventId("purchase", order));
  });

  it("never gives two kinds with different keys' meanings the same prefix", () => {
    const byPrefix = new Map<string, string[]>();
    for (const kind of CONVERSION_KINDS) byPrefix.set(CONVERSION_EVENTS[kind].idPrefix, [...(byPrefix.get(CONVERSION_EVENTS[kind].idPrefix) ?? []), kind]);
    const shared = [...byPrefix.values()].filter((kinds) => kinds.length > 1);
    expect(shared).toEqual([["purchase", "trial_started"]]);
  });

  it("gives every kind the server sends a webhook type of its own, and none to a browser-only kind (ADR 061)", () => {
    expect(WEBHOOK_KINDS).toEqual(CONVERSION_KINDS.filter((kind) => CONVERSION_EVENTS[kind].server));
    const types = WEBHOOK_KINDS.map((kind) => CONVERSION_EVENTS[kind].webhook);
    expect(new Set(types).size).toBe(types.length);
  });
});
