import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { profile, profileAnswers, stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Pre-checkout",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const preCheckout: StepInput<"pre_checkout"> = {
  id: "pre_checkout",
  kind: "pre_checkout",
  title: "Your personal career report",
  body: ["Your report is built from your own answers. The price and any renewal terms are shown before you pay."],
  includes: [
    { text: "Your full interest profile across all six areas", delivers: "profile" },
    { text: "Your three-letter interest code and how to read it", delivers: "interest-code" },
    { text: "Professions that match your profile, with typical tasks, skills and pay", delivers: "professions" },
    { text: "The 7-day career clarity plan", delivers: "clarity-plan" },
  ],
  cta: "Continue to payment",
};

const longCopy: StepInput<"pre_checkout"> = {
  ...preCheckout,
  title: "Everything your personal career report contains, built from the answers you have just given and kept in your account for as long as you want it",
  body: [
    "Your report is built from your own answers. The price and any renewal terms are shown below before you pay. If your plan renews, you can cancel it from your account at any time, and you keep access until the end of the period you have paid for.",
    "If the report is not what you expected, write to us within 14 days and we will refund you in full, no questions asked.",
  ],
  includes: [
    {
      text: "Your full interest profile across all six RIASEC areas, with what each area means for you and the kinds of tasks that usually hold your attention",
      delivers: "profile",
    },
    {
      text: "Your three-letter interest code and how to read it, including what it means when two of your areas are close together",
      delivers: "interest-code",
    },
    { text: "Professions that match your profile, each with a match score, typical tasks, skills, training routes and pay", delivers: "professions" },
    { text: "Concrete next steps, with links to articles and tools that fit your profile", delivers: "next-steps" },
    { text: "The 7-day career clarity plan, to turn your profile into one small experiment you can start next week", delivers: "clarity-plan" },
    { text: "Your report kept in your account and available as a PDF download", delivers: "pdf" },
    { text: "How the test works, and the sources behind it", delivers: "method" },
  ],
  cta: "Continue to secure payment and get my report",
};

export const Default: Story = { args: { ...stepArgs(preCheckout, profile), answers: profileAnswers } };

/** A flow without scoring: no profile teaser. */
export const WithoutProfile: Story = { args: stepArgs(preCheckout, { progress: { done: 12, total: 12 } }) };

export const LongCopy: Story = { args: { ...stepArgs(longCopy, profile), answers: profileAnswers } };

export const Mobile: Story = { args: { ...stepArgs(preCheckout, profile), answers: profileAnswers }, globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: { ...stepArgs(longCopy, profile), answers: profileAnswers }, globals: { viewport: { value: "mobile" } } };

/** A subscriber's second assessment: their plan includes the report, so there is nothing to choose or pay (ADR 017). */
export const IncludedInPlan: Story = { args: { ...stepArgs(preCheckout, profile), answers: profileAnswers, coveringPlan: "1-month plan" } };

export const IncludedInPlanMobile: Story = {
  args: { ...stepArgs(preCheckout, profile), answers: profileAnswers, coveringPlan: "1-month plan" },
  globals: { viewport: { value: "mobile" } },
};
