import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Feedback",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const feedback: StepInput<"feedback"> = {
  id: "feedback",
  kind: "feedback",
  title: "How did we do?",
  question: "How useful was your report?",
  commentLabel: "What would have made it more useful? (optional)",
};

const longCopy: StepInput<"feedback"> = {
  id: "feedback",
  kind: "feedback",
  title: "Before you go: would you tell us how well this test and your report helped you think about the next step in your working life?",
  subtitle: "Your answer goes straight to the small team that writes the questions and the reports. We read every comment.",
  question: "Overall, how useful were the test and your personal report for deciding what to explore next in your career?",
  commentLabel:
    "Was anything confusing, missing or surprising? Tell us in your own words, and mention the profession or section you mean if you can. (optional)",
  cta: "Send my feedback to the Pathwise team",
};

export const Empty: Story = { args: stepArgs(feedback) };

export const Answered: Story = {
  args: { ...stepArgs(feedback), answer: { rating: 4, comment: "The list of professions was great. I would have liked more on training routes." } },
};

/** Sending without a rating. */
export const Invalid: Story = {
  args: stepArgs(feedback),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Send feedback" }));
    await expect(canvas.getByText("Choose a rating from 1 to 5.")).toBeVisible();
  },
};

/** After sending: the thank-you note replaces the form. */
export const Sent: Story = {
  args: stepArgs(feedback),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByLabelText("5 · Extremely"));
    await userEvent.click(canvas.getByRole("button", { name: "Send feedback" }));
    await expect(args.onAnswer).toHaveBeenCalledWith({ rating: 5 });
    await expect(canvas.getByRole("status")).toHaveTextContent("Thank you");
  },
};

export const LongCopy: Story = { args: stepArgs(longCopy) };

export const Mobile: Story = { args: stepArgs(feedback), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
