import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Preparing",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const preparing: StepInput<"preparing"> = {
  id: "report_preparing",
  kind: "preparing",
  title: "Building your personal report",
  messages: [
    "Turning your strongest areas into your interest code…",
    "Matching your profile with professions…",
    "Adding typical tasks, skills and pay for each match…",
    "Writing your next steps…",
  ],
};

const longCopy: StepInput<"preparing"> = {
  id: "test_preparing",
  kind: "preparing",
  title: "Please keep this page open while we score your answers and compare your six interest areas with each other",
  messages: [
    "Adding up your answers in each of the six interest areas, from Realistic to Conventional…",
    "Comparing your six areas with each other, so that your profile reflects what you enjoy most compared with the rest…",
    "Finding your strongest interests and the combinations of areas that professions in our catalogue ask for…",
    "Checking your answers for patterns, such as rating almost everything the same, that would make the profile less reliable…",
  ],
};

/** Just started. */
export const Starting: Story = { args: { ...stepArgs(preparing), progress: 0.05 } };

export const Midway: Story = { args: { ...stepArgs(preparing), progress: 0.6 } };

/** Analysis done; the runner moves on once the least duration has passed. */
export const Done: Story = { args: { ...stepArgs(preparing), progress: 1 } };

export const LongCopy: Story = { args: { ...stepArgs(longCopy), progress: 0.4 } };

export const Mobile: Story = { args: { ...stepArgs(preparing), progress: 0.6 }, globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: { ...stepArgs(longCopy), progress: 0.8 }, globals: { viewport: { value: "mobile" } } };
