import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "../FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "./story-helpers.ts";

const meta = {
  title: "Funnel steps/Likert",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const like5 = [
  { value: 0, label: "Strongly dislike" },
  { value: 1, label: "Dislike" },
  { value: 2, label: "Unsure" },
  { value: 3, label: "Like" },
  { value: 4, label: "Strongly like" },
];

const item: StepInput<"likert"> = {
  id: "i2",
  kind: "likert",
  answers: "like5",
  title: "Work out why a computer program gives the wrong answer",
  subtitle: "How would you feel about doing this at work?",
};

const statement: StepInput<"likert"> = {
  id: "drained",
  kind: "likert",
  answers: "agree5",
  title: "I feel emotionally drained by my work",
  subtitle: "How much do you agree?",
};

const longCopy: StepInput<"likert"> = {
  id: "after_work",
  kind: "likert",
  answers: "often7",
  title:
    "At the end of a working day, even one without any particular problems, I find it hard to switch off, and I keep going over conversations, e-mails and tasks in my head long after I have left work",
  subtitle: "Think about the last four weeks, including days when you worked from home and days at your usual workplace.",
};

const often7 = {
  often7: [
    { value: 0, label: "Never" },
    { value: 1, label: "Almost never, a few times a year or less" },
    { value: 2, label: "Rarely, once a month or less" },
    { value: 3, label: "Sometimes, a few times a month" },
    { value: 4, label: "Often, once a week" },
    { value: 5, label: "Very often, a few times a week" },
    { value: 6, label: "Always, every day" },
  ],
};

export const Empty: Story = { args: stepArgs(item, { answerSets: { like5 } }) };

export const Answered: Story = { args: { ...stepArgs(item, { answerSets: { like5 } }), answer: 3 } };

/** A statement rated on the agreement scale, near the end of the questionnaire. */
export const Agreement: Story = { args: stepArgs(statement, { progress: { done: 10, total: 12 } }) };

/** A long statement on a seven-point scale with long labels. */
export const LongCopy: Story = { args: { ...stepArgs(longCopy, { answerSets: often7 }), answer: 4 } };

export const Mobile: Story = { args: stepArgs(item, { answerSets: { like5 } }), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy, { answerSets: often7 }), globals: { viewport: { value: "mobile" } } };
