import { describe, expect, it } from "vitest";
import { choiceSearch, readChoice, toRequest } from "./report-range.ts";

const today = new Date("2026-11-26T23:30:00Z");

describe("the analytics page's window and grouping in the URL", () => {
  it("defaults to the last 30 days, today included, for everyone", () => {
    expect(readChoice(new URLSearchParams(), today)).toEqual({ from: "2026-10-28", to: "2026-11-26", by: null });
  });

  it("ignores what it cannot read, and reads a start after the end the other way round", () => {
    expect(readChoice(new URLSearchParams("from=yesterday&to=2026-11-20&by=color"), today)).toEqual({ from: "2026-10-28", to: "2026-11-20", by: null });
    expect(readChoice(new URLSearchParams("from=2026-11-20&to=2026-11-01&by=utm_source"), today)).toEqual({
      from: "2026-11-01",
      to: "2026-11-20",
      by: "utm_source",
    });
  });

  it("asks the API for whole days and writes the choice back as it reads it", () => {
    const choice = { from: "2026-11-01", to: "2026-11-30", by: "variant:intro_copy" };
    expect(toRequest(choice)).toEqual({ since: "2026-11-01T00:00:00.000Z", until: "2026-12-01T00:00:00.000Z", by: "variant:intro_copy" });
    expect(readChoice(choiceSearch(choice), today)).toEqual(choice);
  });
});
