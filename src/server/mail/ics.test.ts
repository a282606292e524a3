import { describe, expect, it } from "vitest";
import { calendarFile } from "./ics.ts";

const event = {
  uid: "5b0e9c1e-1111-4222-8333-944455556666@pathwise",
  sequence: 1,
  method: "REQUEST" as const,
  startsAt: new Date("2026-12-01T10:30:00Z"),
  endsAt: new Date("2026-12-01T11:15:00Z"),
  stamp: new Date("2026-11-24T09:00:00.123Z"),
  summary: "Career direction session, with a coach; Pathwise",
  description: "The coach sends you the link by e-mail.\nBring one question.",
  organizer: { name: "Pathwise coaching", email: "coaching@pathwise.local" },
  attendee: "ada@example.org",
};

describe("calendarFile", () => {
  it("writes CRLF lines, UTC times, escaped text and the event's identity", () => {
    const ics = calendarFile(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.split("\r\n").filter((l) => l && !l.startsWith(" "))).toEqual(
      expect.arrayContaining([
        "METHOD:REQUEST",
        "UID:5b0e9c1e-1111-4222-8333-944455556666@pathwise",
        "SEQUENCE:1",
        "DTSTAMP:20261124T090000Z",
        "DTSTART:20261201T103000Z",
        "DTEND:20261201T111500Z",
        "SUMMARY:Career direction session\\, with a coach\\; Pathwise",
        "STATUS:CONFIRMED",
      ]),
    );
    expect(ics).toContain("DESCRIPTION:The coach sends you the link by e-mail.\\nBring one question.");
    expect(ics).not.toMatch(/[^\r]\n/);
  });

  it("folds long lines at 75 octets without splitting a character, and marks a cancellation", () => {
    const ics = calendarFile({ ...event, method: "CANCEL", description: "é".repeat(80) });
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.split("\r\n").find((l) => l.startsWith("DESCRIPTION:"))).toBeDefined();
    expect(ics.replace(/\r\n /g, "")).toContain(`DESCRIPTION:${"é".repeat(80)}`);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
  });
});
