import { describe, expect, it } from "vitest";
import { reportFeedbackHref } from "./feedback-href.ts";

describe("reportFeedbackHref", () => {
  it("leads a report to its topic's feedback page when there is one, else the general page, naming the report", () => {
    expect(reportFeedbackHref("burnout", "burnout_cbi")).toBe("/feedback-burnout?report=burnout_cbi");
    expect(reportFeedbackHref("work_life", "work_life_balance")).toBe("/feedback-work_life?report=work_life_balance");
    expect(reportFeedbackHref("career", "career_riasec")).toBe("/feedback?report=career_riasec");
    expect(reportFeedbackHref(undefined, "x_report")).toBe("/feedback?report=x_report");
  });
});
