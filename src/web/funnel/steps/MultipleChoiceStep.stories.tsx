import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { FlowStepPreview } from "../FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "./story-helpers.ts";

const meta = {
  title: "Funnel steps/Multiple choice",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const drains: StepInput<"multiple_choice"> = {
  id: "drains",
  kind: "multiple_choice",
  title: "What drains your energy most at work?",
  subtitle: "Choose up to three.",
  max: 3,
  options: [
    { id: "meetings", label: "Back-to-back meetings" },
    { id: "interruptions", label: "Constant interruptions and messages" },
    { id: "unclear", label: "Unclear priorities" },
    { id: "commute", label: "A long commute" },
    { id: "conflict", label: "Tension with colleagues" },
    { id: "overtime", label: "Working late or at weekends" },
  ],
};

const skills: StepInput<"multiple_choice"> = {
  id: "skills",
  kind: "multiple_choice",
  title: "Which of these have you done in a job, a course or as a volunteer?",
  min: 2,
  options: [
    { id: "budget", label: "Kept track of a budget" },
    { id: "teach", label: "Taught or trained someone" },
    { id: "fix", label: "Repaired or built something" },
    { id: "write", label: "Written for an audience" },
    { id: "sell", label: "Sold a product or an idea" },
  ],
  cta: "Next",
};

const longCopy: StepInput<"multiple_choice"> = {
  id: "support",
  kind: "multiple_choice",
  title:
    "If you decided to change careers in the next twelve months, which kinds of support would make the biggest difference to whether you actually went ahead with it?",
  subtitle: "Choose all that apply. We use your answer to decide which parts of your report to expand.",
  options: [
    { id: "money", label: "Enough savings or income to cover a few months of lower pay while I retrain or start again at a more junior level" },
    { id: "family", label: "People at home who understand why I want to change and who would back me if it took longer than planned" },
    { id: "mentor", label: "Someone who already works in the field and could tell me honestly what the job is like day to day" },
    { id: "course", label: "A short, affordable course that employers in the new field actually recognise" },
    { id: "trial", label: "A way to try the work for a week or two before committing, such as shadowing or a small freelance project" },
  ],
};

export const Empty: Story = { args: stepArgs(drains) };

export const Answered: Story = { args: { ...stepArgs(drains), answer: ["interruptions", "unclear"] } };

/** At the maximum: the options not chosen are disabled. */
export const AtMaximum: Story = { args: { ...stepArgs(drains), answer: ["meetings", "interruptions", "overtime"] } };

/** Continue with nothing chosen: the error appears under the options. */
export const Invalid: Story = {
  args: stepArgs(drains),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }));
    await expect(canvas.getByText("Choose at least one answer.")).toBeVisible();
  },
};

/** A minimum of two, with one chosen: the error names the minimum. */
export const InvalidBelowMinimum: Story = {
  args: { ...stepArgs(skills), answer: ["teach"] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(canvas.getByText("Choose at least 2 answers.")).toBeVisible();
  },
};

export const LongCopy: Story = { args: { ...stepArgs(longCopy), answer: ["mentor", "trial"] } };

export const Mobile: Story = { args: stepArgs(drains), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
