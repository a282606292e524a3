import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";

const staff = { ...testCustomer, is_staff: true };
const FILE = "date,source,campaign,currency,spend\r\n2026-11-01,facebook,burnout-nov,USD,412.50\r\n2026-11-31,facebook,burnout-nov,USD,1\r\n";
const stored = [
  {
    source: "facebook",
    campaign: "burnout-nov",
    currency: "USD",
    from: "2026-11-01",
    to: "2026-11-30",
    days: 30,
    spend: 1_237_550,
    importedAt: "2026-12-01T10:00:00.000Z",
  },
];

async function importFile() {
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText("CSV file"), new File([FILE], "spend.csv", { type: "text/csv" }));
  await user.click(screen.getByRole("button", { name: "Import" }));
}

describe("the ad spend page (/admin/ad-spend)", () => {
  it("sends the chosen file's text, and lists each line the server refused", async () => {
    const calls = mockFetch({
      "GET /admin/ad-spend": ok([]),
      "POST /admin/ad-spend": {
        status: 400,
        body: {
          error: {
            code: "invalid_spend_csv",
            message: "Nothing was imported. Line 3: date …",
            issues: [{ path: "line 3", message: 'date "2026-11-31" must be a day written YYYY-MM-DD (UTC)' }],
          },
        },
      },
    });
    renderRoute("/admin/ad-spend", { customer: staff });
    expect(await screen.findByText("No spend has been imported yet.")).toBeTruthy();
    await importFile();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Nothing was imported");
    expect(within(alert).getByRole("listitem").textContent).toBe('Line 3: date "2026-11-31" must be a day written YYYY-MM-DD (UTC)');
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ csv: FILE });
  });

  it("says what was imported, names the pairs no visitor came with, and shows the spend stored", async () => {
    let imported = false;
    mockFetch({
      "GET /admin/ad-spend": () => ok(imported ? stored : []),
      "POST /admin/ad-spend": () => {
        imported = true;
        return ok({ rows: 2, added: 1, replaced: 1, from: "2026-11-01", to: "2026-11-30", unmatched: [{ source: "facebook", campaign: "burnout-nvo" }] });
      },
    });
    renderRoute("/admin/ad-spend", { customer: staff });
    await importFile();
    const status = await screen.findByRole("status");
    expect(status.textContent.replace(/\u00a0/g, " ")).toContain("Imported 2 lines, 1 Nov to 30 Nov: 1 new, 1 replaced.");
    expect(status.textContent).toContain("source facebook, campaign burnout-nvo");
    const table = await screen.findByRole("region", { name: "Per source, campaign and currency" });
    expect(within(table).getByRole("rowheader", { name: "facebook" }).closest("tr")!.textContent).toContain("US$12,375.50");
  });
});
