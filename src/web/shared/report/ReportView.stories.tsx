import type { Meta, StoryObj } from "@storybook/react-vite";
import { download, mobile, onPage, unlock } from "./report-story-parts.tsx";
import { careerReport, careerReportWithProfessions, longNamesManyProfessions, wellbeingWithHelp, withoutFirstName } from "./fixtures/documents.ts";
import { ReportView } from "./ReportView.tsx";

const meta = {
  title: "Report/Report view",
  component: ReportView,
  args: { document: careerReport },
  decorators: [onPage],
} satisfies Meta<typeof ReportView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The report engine's golden career document, as bought. */
export const Full: Story = {};

export const FullMobile: Story = { globals: mobile };

/** What a visitor sees before paying: the top area, the rest locked. */
export const Teaser: Story = { args: { layout: "teaser", actions: unlock } };

export const TeaserMobile: Story = { args: { layout: "teaser", actions: unlock }, globals: mobile };

/** With the page's download button on the cover, and real professions from content/professions. */
export const WithActions: Story = { args: { document: careerReportWithProfessions, actions: download } };

/** No first name was given: no "Prepared for" line. */
export const WithoutFirstName: Story = { args: { document: withoutFirstName } };

/** A long name and titles, fourteen professions (one without published pay, one without a 90th percentile). */
export const LongNamesManyProfessions: Story = { args: { document: longNamesManyProfessions } };

export const LongNamesManyProfessionsMobile: Story = { args: { document: longNamesManyProfessions }, globals: mobile };

/** A wellbeing report: bands, higher-is-worse and higher-is-better scales, a note and a help callout. */
export const HelpCallout: Story = { args: { document: wellbeingWithHelp } };

export const HelpCalloutMobile: Story = { args: { document: wellbeingWithHelp }, globals: mobile };

export const HelpCalloutTeaser: Story = { args: { document: wellbeingWithHelp, layout: "teaser", actions: unlock } };

/** In a column as narrow as the funnel's (46rem) on a wide screen: the layout follows the column, not the window. */
export const InFunnelColumn: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: "46rem", marginInline: "auto" }}>
        <Story />
      </div>
    ),
  ],
};
