import type { Meta, StoryObj } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Route, Routes } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { entryFixture, toolFixture } from "./tool-fixtures.ts";
import { ToolPage } from "./ToolPage.tsx";
import { toolKeys, type ToolEntry } from "./tools-api.ts";

/** The tool page with its tool and saved entries already loaded (saving in Storybook calls the real /api and fails). */
function ToolStory({ name, entries = [] }: { name: string; entries?: ToolEntry[] }) {
  const [client] = useState(() => {
    const c = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    c.setQueryData(toolKeys.detail(name), toolFixture(name));
    c.setQueryData(toolKeys.entries(name), entries);
    return c;
  });
  return (
    <QueryClientProvider client={client}>
      <Routes location={paths.accountTool(name)}>
        <Route path={paths.accountToolPattern} element={<ToolPage />} />
      </Routes>
    </QueryClientProvider>
  );
}

const meta = { title: "Account/Tool page", component: ToolStory, args: { name: "values-card-sort" } } satisfies Meta<typeof ToolStory>;
export default meta;
type Story = StoryObj<typeof meta>;
const phone = { viewport: { value: "mobile" } };

const AT = "2026-11-20T09:00:00.000Z";

/** Card sort: a radio group of piles per card, then the ordered short list. */
export const CardSort: Story = {
  args: {
    entries: [
      entryFixture("values-card-sort", { placements: { autonomy: "very", learning: "very", income: "not" }, top: ["learning", "autonomy"], note: "" }, AT),
    ],
  },
};
export const CardSortPhone: Story = { ...CardSort, globals: phone };

/** Weekly audit: hours per category, totals, and the chart of spent against wanted. */
export const WeeklyAudit: Story = { args: { name: "weekly-time-audit" } };
export const WeeklyAuditPhone: Story = { ...WeeklyAudit, globals: phone };

/** Energy map: the four quadrants, then one drain to shrink and one restorer to grow. */
export const EnergyMap: Story = {
  args: {
    name: "energy-map",
    entries: [
      entryFixture(
        "energy-map",
        {
          items: [
            { id: "item-1", label: "Back-to-back Monday meetings", direction: "drains", effect: "large" },
            { id: "item-2", label: "Pairing on a hard problem", direction: "restores", effect: "large" },
          ],
          shrink: { item: "item-1", strategy: "reshape", plan: "Send the agenda the Friday before." },
          grow: null,
          note: "",
        },
        AT,
      ),
    ],
  },
};
export const EnergyMapPhone: Story = { ...EnergyMap, globals: phone };

/** Negotiation script: the fields, and the script they fill in, ready to copy. */
export const NegotiationScript: Story = { args: { name: "salary-negotiation-script" } };
export const NegotiationScriptPhone: Story = { ...NegotiationScript, globals: phone };
