import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "../FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "./story-helpers.ts";

const meta = {
  title: "Funnel steps/Slider",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const hours: StepInput<"slider"> = {
  id: "hours",
  kind: "slider",
  title: "How many hours do you work in a typical week?",
  subtitle: "Include work you take home.",
  min: 10,
  max: 80,
  step: 5,
  unit: "hours",
};

const energy: StepInput<"slider"> = {
  id: "energy",
  kind: "slider",
  title: "How much energy do you have left at the end of a working day?",
  min: 0,
  max: 10,
  minLabel: "Completely drained",
  maxLabel: "Full of energy",
};

const longCopy: StepInput<"slider"> = {
  id: "pay_cut",
  kind: "slider",
  title:
    "If a new line of work suited you much better, how large a drop in your monthly take-home pay could you live with for the first year while you found your feet?",
  subtitle: "Be realistic about rent, loans and the people who depend on you. You can change this answer later from your account.",
  min: 0,
  max: 50,
  step: 5,
  initial: 10,
  unit: "percent less than today",
  minLabel: "None at all: I need at least what I earn now",
  maxLabel: "Half or more, if the work was right",
  cta: "Save and continue",
};

/** Untouched: the handle starts in the middle of the range. */
export const Empty: Story = { args: stepArgs(hours) };

export const Answered: Story = { args: { ...stepArgs(hours), answer: 50 } };

/** Words at both ends instead of numbers. */
export const EndLabels: Story = { args: { ...stepArgs(energy), answer: 3 } };

export const LongCopy: Story = { args: stepArgs(longCopy) };

export const Mobile: Story = { args: stepArgs(energy), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
