import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { noAnswers, profile, profileAnswers, stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Summary",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const summary: StepInput<"summary"> = {
  id: "summary",
  kind: "summary",
  title: "Your interest profile",
  subtitle: "All six areas, from the kind of work you would enjoy most to the kind you would enjoy least.",
  body: [
    "The bars compare your six areas with each other. Your longest bar is the kind of work you like most compared with your other interests.",
    "Your full report explains each area and matches your profile with professions.",
  ],
  cta: "Get my full report",
};

const topTwo: StepInput<"summary"> = {
  ...summary,
  id: "summary_top",
  title: "Two areas stand out",
  subtitle: "Here are the two areas your report looks at first.",
  scales: ["investigative", "artistic"],
  body: [],
};

const longCopy: StepInput<"summary"> = {
  ...summary,
  title:
    "Here is a first look at your interest profile across all six areas, from the kind of work that holds your attention most to the kind that holds it least",
  subtitle:
    "These bars are based only on the activities you rated in this test. They compare your areas with each other, not with other people, so no area here is high or low against an average.",
  body: [
    'The bars compare your six areas with each other. Your longest bar is the kind of work you like most compared with your other interests. It is not a comparison with other people, so no area here is "high" or "low" against an average.',
    "Interests are not abilities. Use this profile to explore careers, not to make hiring or selection decisions.",
    "Your full report explains each area, turns your strongest areas into a three-letter interest code and matches it with professions.",
    "The activities are original and follow the approach of the O*NET® Interest Profiler (U.S. Department of Labor). O*NET is a trademark of the U.S. Department of Labor, Employment and Training Administration.",
  ],
  cta: "Get my full report with matching professions and next steps",
};

export const Default: Story = { args: { ...stepArgs(summary, profile), answers: profileAnswers } };

/** Only the scales the step names. */
export const ChosenScales: Story = { args: { ...stepArgs(topTwo, profile), answers: profileAnswers } };

/** Nothing answered (e.g. every item skipped): every bar is empty. */
export const NoAnswers: Story = { args: { ...stepArgs(summary, profile), answers: noAnswers } };

export const LongCopy: Story = { args: { ...stepArgs(longCopy, profile), answers: profileAnswers } };

export const Mobile: Story = { args: { ...stepArgs(summary, profile), answers: profileAnswers }, globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: { ...stepArgs(longCopy, profile), answers: profileAnswers }, globals: { viewport: { value: "mobile" } } };
