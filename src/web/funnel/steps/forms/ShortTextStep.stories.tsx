import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Short text",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const jobTitle: StepInput<"short_text"> = {
  id: "job_title",
  kind: "short_text",
  title: "What is your job at the moment?",
  subtitle: "A job title is enough. If you are not working, write what you did last.",
  label: "Job title",
  placeholder: "e.g. Nurse, Sales assistant, Student",
  maxLength: 80,
};

/** Over 120 characters allowed: a text area. */
const dreamDay: StepInput<"short_text"> = {
  id: "good_day",
  kind: "short_text",
  title: "Describe a good day at work",
  label: "What happened, and what made it good?",
  maxLength: 400,
  optional: true,
  cta: "Continue",
};

const longCopy: StepInput<"short_text"> = {
  id: "proud",
  kind: "short_text",
  title: "Think of something you did in the last few years, at work or outside it, that you are quietly proud of and that nobody asked you to do. What was it?",
  subtitle:
    "It can be small: organising a neighbourhood clean-up, fixing an old bike, helping a colleague through a hard month. We use it to look for interests your ratings may have missed.",
  label: "In a sentence or two, what did you do and why did it matter to you?",
  placeholder: "For example: I rebuilt our team's rota so that everyone got at least one free weekend a month",
  maxLength: 500,
};

export const Empty: Story = { args: stepArgs(jobTitle) };

export const Answered: Story = { args: { ...stepArgs(jobTitle), answer: "Warehouse team leader" } };

/** Continue with the field empty: the field's error appears. */
export const Invalid: Story = {
  args: stepArgs(jobTitle),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }));
    await expect(canvas.getByText("Please write a short answer, or a word or two.")).toBeVisible();
  },
};

/** A longer answer allowed, and optional: a text area. */
export const Multiline: Story = {
  args: {
    ...stepArgs(dreamDay),
    answer: "We launched the new booking system and the phones finally went quiet. I had trained the whole front desk on it the week before.",
  },
};

export const LongCopy: Story = { args: stepArgs(longCopy) };

export const Mobile: Story = { args: stepArgs(jobTitle), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
