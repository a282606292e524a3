import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { profile, profileAnswers, stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Result",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const result: StepInput<"result"> = {
  id: "result",
  kind: "result",
  title: "Your career interests report",
  body: [
    "Thank you. Your report is ready, and it is saved in your account too.",
    "Remember that interests are not abilities. Use your profile to explore and test options, not to rule yourself in or out.",
  ],
};

const longCopy: StepInput<"result"> = {
  id: "result",
  kind: "result",
  title:
    "Your career interests report is ready: your strongest areas are Investigative and Artistic, a combination that suits work where you research and then create",
  body: [
    "Thank you. Your report is ready, and it is saved in your account too, together with your answers. You can come back to it at any time from the link in the e-mail we have just sent you.",
    "Remember that interests are not abilities. Use your profile to explore and test options, not to rule yourself in or out. Many people enjoy work outside their top areas, and most jobs mix several areas.",
    "If you would like to go further, the 7-day career clarity plan in your account turns your profile into one small experiment you can start next week.",
  ],
};

export const Default: Story = { args: { ...stepArgs(result, profile), answers: profileAnswers } };

/** A flow without scoring: only the copy. */
export const WithoutProfile: Story = { args: stepArgs(result) };

export const LongCopy: Story = { args: { ...stepArgs(longCopy, profile), answers: profileAnswers } };

export const Mobile: Story = { args: { ...stepArgs(result, profile), answers: profileAnswers }, globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: { ...stepArgs(longCopy, profile), answers: profileAnswers }, globals: { viewport: { value: "mobile" } } };
