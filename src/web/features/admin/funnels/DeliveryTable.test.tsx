import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { reportFixture } from "./admin-fixtures.ts";
import { DeliveryTable } from "./DeliveryTable.tsx";

const cells = (table: HTMLElement, event: RegExp) =>
  [...within(table).getByRole("rowheader", { name: event }).closest("tr")!.querySelectorAll("td")].map((td) => td.textContent);

describe("counted and delivered, per destination", () => {
  it("sets each of the report's figures beside its events by state, and says which a destination is never sent", () => {
    render(
      <MemoryRouter>
        <DeliveryTable report={reportFixture} />
      </MemoryRouter>,
    );
    const meta = screen.getByRole("region", { name: "Meta Conversions API" });
    expect(
      within(meta)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Event", "Counted", "Sent", "Waiting", "Failed", "Cancelled", "Never queued"]);
    // Counted is the figure the page shows above (617 gave an e-mail).
    expect(cells(meta, /^Gave an e-mail/)).toEqual(["617", "400", "2", "1", "0", "214"]);
    expect(cells(meta, /^Paid/)).toEqual(["41", "30", "0", "3", "1", "7"]);
    expect(cells(meta, /^Refunds/)).toEqual(["2", "not sent to Meta Conversions API"]);
    // A destination known only from the outbox (a webhook endpoint) has its own table, by its key.
    expect(cells(screen.getByRole("region", { name: "webhook:crm" }), /^Gave an e-mail/)).toEqual(["617", "5", "0", "0", "0", "612"]);
    expect(screen.getByText(/no event was ever queued for this destination/).textContent).toContain("the visitor had not allowed marketing");
  });
});
