import { describe, expect, it } from "vitest";
import { flowSummaries } from "virtual:flows";
import { reportFeedbackHref } from "./ReportFeedbackLink.tsx";

describe("reportFeedbackHref", () => {
  it("leads a report to its topic's feedback page when there is one, else the general page, naming the report", () => {
    expect(reportFeedbackHref({ flow_code: "career_test_green", prompt_code: "career_riasec" })).toBe("/feedback?report=career_riasec");
    expect(reportFeedbackHref({ flow_code: "no_such_flow", prompt_code: "x_report" })).toBe("/feedback?report=x_report");
    const burnout = flowSummaries.find((f) => f.topic === "burnout");
    if (burnout) expect(reportFeedbackHref({ flow_code: burnout.code, prompt_code: burnout.report })).toBe(`/feedback-burnout?report=${burnout.report}`);
  });
});
