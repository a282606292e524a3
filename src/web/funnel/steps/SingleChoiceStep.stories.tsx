import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { FlowStepPreview } from "../FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "./story-helpers.ts";

const meta = {
  title: "Funnel steps/Single choice",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const situation: StepInput<"single_choice"> = {
  id: "situation",
  kind: "single_choice",
  title: "Which best describes you right now?",
  subtitle: "Your answer does not change your scores.",
  options: [
    { id: "student", label: "I am a student or still in training" },
    { id: "working_happy", label: "I am working and mostly happy where I am" },
    { id: "working_change", label: "I am working and thinking about a change" },
    { id: "between_jobs", label: "I am between jobs" },
  ],
};

const tools: StepInput<"single_choice"> = {
  id: "first_tool",
  kind: "single_choice",
  title: "Which tool would you like to try first?",
  layout: "grid",
  options: [
    { id: "energy_map", label: "Energy map", image: { src: "/content-images/tool-energy-map.svg", alt: "" } },
    { id: "values_sort", label: "Values card sort", image: { src: "/content-images/tool-values-card-sort.svg", alt: "" } },
    { id: "time_audit", label: "Weekly time audit", image: { src: "/content-images/tool-weekly-time-audit.svg", alt: "" } },
    { id: "salary_script", label: "Salary negotiation script", image: { src: "/content-images/tool-salary-negotiation-script.svg", alt: "" } },
  ],
};

const longCopy: StepInput<"single_choice"> = {
  id: "main_reason",
  kind: "single_choice",
  title:
    "Thinking about the last year at work, including the busy weeks and the quiet ones, which of these comes closest to the main reason you are looking at other kinds of work?",
  subtitle: "There is no wrong answer. Pick the one that you would name first if a friend asked you, even if several of them are true for you.",
  options: [
    { id: "meaning", label: "I do not feel that my work makes a difference to anyone, and I would like to see the results of what I do" },
    { id: "pay", label: "My pay has not kept up with my living costs, and I cannot see a way to earn more in my current role" },
    { id: "growth", label: "I have stopped learning new things and there is no next step for me where I work now" },
    { id: "health", label: "The pace or the hours are wearing me down, and I need work that leaves me energy for the rest of my life" },
    { id: "people", label: "I do not get on with my manager or my team, and it colours how I feel about the whole job" },
  ],
};

/** Nothing chosen yet: Continue stays disabled until an answer is picked. */
export const Empty: Story = {
  args: stepArgs(situation),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Continue" })).toBeDisabled();
  },
};

/** Coming back to the step: the earlier answer is selected. */
export const Answered: Story = { args: { ...stepArgs(situation), answer: "working_change" } };

/** Options with pictures, in a grid. */
export const GridWithImages: Story = { args: stepArgs(tools) };

export const LongCopy: Story = { args: { ...stepArgs(longCopy), answer: "growth" } };

export const Mobile: Story = { args: stepArgs(situation), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
