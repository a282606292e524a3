import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Name",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const required: StepInput<"name"> = {
  id: "name",
  kind: "name",
  title: "What is your first name?",
  subtitle: "We will use it in your report.",
  label: "First name",
  placeholder: "Your first name",
};

const optional: StepInput<"name"> = {
  id: "name",
  kind: "name",
  progress: false,
  title: "What should we call you?",
  subtitle: "We will put your first name on the cover of your report. You can skip this.",
  label: "First name",
  placeholder: "Your first name",
  optional: true,
  cta: "Continue",
};

const longCopy: StepInput<"name"> = {
  id: "name",
  kind: "name",
  title: "Before we put your personal report together, what name would you like to see on its cover and at the top of every page?",
  subtitle:
    "Most people use their first name. You can also use a nickname or initials: the name is only used in your report and in the e-mails about it, never shared.",
  label: "The name you would like us to use in your report",
  placeholder: "First name or nickname",
};

export const Empty: Story = { args: stepArgs(required) };

export const Answered: Story = { args: { ...stepArgs(required), answer: "Priya" } };

/** Continue with the field empty on a required name. */
export const Invalid: Story = {
  args: stepArgs(required),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }));
    await expect(canvas.getByText("Please tell us your first name.")).toBeVisible();
  },
};

/** Optional, as in the career funnel: it can be left empty. */
export const Optional: Story = { args: stepArgs(optional) };

export const LongCopy: Story = { args: { ...stepArgs(longCopy), answer: "Maximilian-Alexander" } };

export const Mobile: Story = { args: stepArgs(optional), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
