import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { groupedReportFixture, reportFixture } from "./admin-fixtures.ts";
import { ExperimentVerdict } from "./ExperimentVerdict.tsx";

describe("an experiment's verdict", () => {
  it("says which variant wins, flags a guardrail it is worse on, and shows the YAML change that rolls it out", () => {
    render(<ExperimentVerdict report={groupedReportFixture} />);
    expect(screen.getByRole("heading", { name: "Verdict on intro_copy" })).toBeTruthy();
    expect(screen.getByText("b wins on paid conversion.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "Guardrail: b’s refund rate is significantly higher than a’s (12.0% against 5.0%): it may win now and lose money later.",
    );
    const row = within(screen.getByRole("region", { name: "Each variant against a" }))
      .getByRole("rowheader", { name: "b" })
      .closest("tr")!;
    expect(row.querySelectorAll("td")[0]!.textContent).toBe("+30.0% (95% interval +12.0% to +48.0%)");
    expect(screen.getByLabelText("The YAML change that rolls out b").textContent).toBe(
      ["    - id: intro_copy", "+     status: rolled_out", "+     rolled_out: b", "      started: 2026-11-02", "+     stopped: 2026-11-27"].join("\n"),
    );
    expect(screen.getByText(/Visitors already mid-quiz keep the variant they were given and finish on the flow version they started/)).toBeTruthy();
  });

  it("says to keep running, with the visitors and days still needed, and shows no rollout", () => {
    const running = {
      ...groupedReportFixture,
      experiment: {
        ...groupedReportFixture.experiment!,
        verdict: "keep_running" as const,
        winner: null,
        flagged: [],
        visitorsStillNeeded: 119_000,
        daysStillNeeded: 97,
        rollout: null,
      },
    };
    render(<ExperimentVerdict report={running} />);
    expect(
      screen.getByText(
        "Keep running: no variant is ahead or behind on paid conversion yet. Each variant needs about 60,754 visitors to find a lift of 10.0%. About 119,000 more visitors, 97 days at this range’s traffic.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/Roll out/)).toBeNull();
  });

  it("once every variant has the planned visitors and nothing is decided, says the difference is likely smaller than the lift sought", () => {
    const planned = {
      ...groupedReportFixture,
      experiment: {
        ...groupedReportFixture.experiment!,
        verdict: "keep_running" as const,
        winner: null,
        visitorsStillNeeded: 0,
        daysStillNeeded: 0,
        rollout: null,
      },
    };
    render(<ExperimentVerdict report={planned} />);
    expect(
      screen.getByText(
        /Each variant needs about 60,754 visitors to find a lift of 10\.0%\. Every variant has had them: the difference is likely smaller than that\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/About 0 more visitors/)).toBeNull();
  });

  it("shows nothing when the figures are not split by an experiment", () => {
    const { container } = render(<ExperimentVerdict report={reportFixture} />);
    expect(container.textContent).toBe("");
  });
});
