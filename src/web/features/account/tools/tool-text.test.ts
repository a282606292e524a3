import { describe, expect, it } from "vitest";
import { cardSort, weeklyAudit } from "./tool-fixtures.ts";
import { configNames, describeIssue, nestHeadings } from "./tool-text.ts";

describe("tool text", () => {
  it("moves the instructions' headings one level down and words issues plainly", () => {
    expect(nestHeadings('<h2 id="a">A</h2><h3>B</h3><p>h2</p>')).toBe('<h3 id="a">A</h3><h4>B</h4><p>h2</p>');
    expect(describeIssue({ path: "body.data.week_of", message: "must be a Monday" })).toBe("Week of: must be a Monday");
    expect(describeIssue({ path: "body.data.top.0", message: "not on the first pile" })).toBe("Top, item 1: not on the first pile");
    expect(describeIssue({ path: "body.data", message: "Expected object" })).toBe("Expected object");
    const names = configNames(weeklyAudit);
    expect(describeIssue({ path: "body.data.hours.focused-work.spent", message: "use quarter hours (0.25)" }, names)).toBe(
      "Hours, Focused work, spent: use quarter hours (0.25)",
    );
    expect(configNames(cardSort).get("autonomy")).toBe("Autonomy");
  });
});
