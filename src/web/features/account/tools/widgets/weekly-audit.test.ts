import { describe, expect, it } from "vitest";
import { weeklyAuditEntry } from "#schemas/tools/weekly-audit.ts";
import { weeklyAudit } from "../tool-fixtures.ts";
import { auditTotals, blankWeeklyAudit, describeDifference, mondayOf, setHours, weekOf } from "./weekly-audit.ts";

describe("weekly audit", () => {
  it("finds the Monday of a week by the local calendar, Sunday included", () => {
    expect(mondayOf(new Date(2026, 10, 24, 23, 30))).toBe("2026-11-23");
    expect(mondayOf(new Date(2026, 10, 29, 0, 5))).toBe("2026-11-23");
    expect(mondayOf(new Date(2026, 10, 23))).toBe("2026-11-23");
    expect(mondayOf(new Date(2027, 0, 2))).toBe("2026-12-28");
    expect(weekOf("2026-11-26")).toBe("2026-11-23");
    expect(weekOf("2026-02-30")).toBeNull();
    expect(weekOf("")).toBeNull();
    expect(weeklyAuditEntry(weeklyAudit).safeParse(blankWeeklyAudit()).success).toBe(true);
  });

  it("sets hours per row, drops a row cleared on both sides, and totals", () => {
    let v = setHours(blankWeeklyAudit(new Date(2026, 10, 24)), "meetings", "spent", "14");
    v = setHours(v, "meetings", "wanted", "8.25");
    v = setHours(v, "admin", "spent", "2");
    expect(v.hours).toEqual({ meetings: { spent: 14, wanted: 8.25 }, admin: { spent: 2, wanted: 0 } });
    expect(auditTotals(weeklyAudit, v)).toEqual({ spent: 16, wanted: 8.25 });
    expect(setHours(v, "admin", "spent", "").hours).toEqual({ meetings: { spent: 14, wanted: 8.25 } });
    expect(setHours(v, "admin", "spent", "abc")).toBe(v);
    expect(describeDifference(-5.75)).toBe("5.75 h less wanted");
    expect(describeDifference(0.1 + 0.2)).toBe("0.3 h more wanted");
    expect(describeDifference(0)).toBe("as wanted");
  });
});
