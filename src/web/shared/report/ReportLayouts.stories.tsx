import type { Meta, StoryObj } from "@storybook/react-vite";
import { download, mobile, onPage, unlock } from "./report-story-parts.tsx";
import { careerReportWithProfessions, longNamesManyProfessions, wellbeingWithHelp } from "./fixtures/documents.ts";
import { ReportLayoutView } from "./ReportLayoutView.tsx";

const meta = {
  title: "Report/Layouts",
  component: ReportLayoutView,
  args: { layout: "document", document: careerReportWithProfessions },
  decorators: [onPage],
} satisfies Meta<typeof ReportLayoutView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the pre-checkout promised for each section, as the early layout says it on the locked section. */
const promises = {
  "interest-code": "Your three-letter interest code, and what it says about the work that suits you.",
  strengths: "The strengths your interests bring, and the kinds of work to approach with care.",
  professions: "Real professions that match your profile, with what the work is, the education it takes and what it pays.",
  "next-steps": "Small, practical steps to test what you find, with reading picked for your profile.",
  "clarity-plan": "A 7-day plan that turns your results into one decision.",
};

/** Cover, contents beside it, numbered sections (ReportView). */
export const Document: Story = { args: { layout: "document", actions: download } };
export const DocumentMobile: Story = { ...Document, globals: mobile };

/** Each section as a panel that opens and closes; the first is open. */
export const Accordion: Story = { args: { layout: "accordion", actions: download } };
export const AccordionMobile: Story = { ...Accordion, globals: mobile };

/** One section at a time behind tabs (arrow keys, Home and End). */
export const Tabs: Story = { args: { layout: "tabs", actions: download } };
export const TabsMobile: Story = { ...Tabs, globals: mobile };

/** One section per screen with Previous and Next and how far along the reader is. */
export const Guided: Story = { args: { layout: "guided", actions: download } };
export const GuidedMobile: Story = { ...Guided, globals: mobile };

/** The scores and the code kept in view beside the sections. */
export const Split: Story = { args: { layout: "split", actions: download } };
export const SplitMobile: Story = { ...Split, globals: mobile };

/** Key findings first, each linking to its section, then the whole report. */
export const Highlights: Story = { args: { layout: "highlights", actions: download } };
export const HighlightsMobile: Story = { ...Highlights, globals: mobile };

/** A card grid of findings, grouped by section. */
export const Bingo: Story = { args: { layout: "bingo", actions: download } };
export const BingoMobile: Story = { ...Bingo, globals: mobile };

/** The card grid face down: the reader turns the cards over. */
export const BingoV2: Story = { name: "Bingo v2", args: { layout: "bingo-v2", actions: download } };
export const BingoV2Mobile: Story = { ...BingoV2, name: "Bingo v2 Mobile", globals: mobile };

/** The `?style=2` view: the report as a printed letter. */
export const Reading: Story = { args: { layout: "reading", actions: download } };
export const ReadingMobile: Story = { ...Reading, globals: mobile };

/** The teaser before payment (ReportView's teaser). */
export const Teaser: Story = { args: { layout: "teaser", actions: unlock } };
export const TeaserMobile: Story = { ...Teaser, globals: mobile };

/** The result page shown early: each locked section says what the pre-checkout promised for it. */
export const Early: Story = { args: { layout: "early", actions: unlock, promises } };
export const EarlyMobile: Story = { ...Early, globals: mobile };

/** A wellbeing report (bands, no profile code, a help callout) in the layouts that pick from the document. */
export const HighlightsWellbeing: Story = { args: { layout: "highlights", document: wellbeingWithHelp } };
export const SplitWellbeing: Story = { args: { layout: "split", document: wellbeingWithHelp, actions: download } };
export const BingoWellbeing: Story = { args: { layout: "bingo", document: wellbeingWithHelp } };

/** Long names and fourteen professions, on a phone. */
export const TabsLongNamesMobile: Story = { args: { layout: "tabs", document: longNamesManyProfessions }, globals: mobile };
export const BingoV2LongNamesMobile: Story = {
  name: "Bingo v2 Long Names Mobile",
  args: { layout: "bingo-v2", document: longNamesManyProfessions },
  globals: mobile,
};
export const SplitLongNames: Story = { args: { layout: "split", document: longNamesManyProfessions, actions: download } };

/** Under a funnel step's h1, in its narrow column: the title is an h2. */
export const GuidedInFunnelColumn: Story = {
  args: { layout: "guided", titleLevel: 2 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: "46rem", marginInline: "auto" }}>
        <Story />
      </div>
    ),
  ],
};
