import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Payment",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** After all twelve questions, as in a real funnel (full progress bar, a Back button). */
const afterQuestions = { progress: { done: 12, total: 12 } };

const payment: StepInput<"payment"> = {
  id: "checkout",
  kind: "payment",
  title: "Secure payment",
  body: [
    "Payment is handled by our payment provider. When it is complete, you will come back here to read your report.",
    "We will also email you a link to log in to your account, where your report is saved.",
  ],
};

const longCopy: StepInput<"payment"> = {
  id: "checkout",
  kind: "payment",
  title: "You are one step away from your personal career report: continue to our payment provider's secure checkout page",
  body: [
    "Payment is handled by our payment provider, and your card details never reach our servers. When the payment is complete, you will come back to this page automatically to read your report.",
    "We will also email you a link to log in to your account, where your report is saved together with your answers, so that you can read it again or download it as a PDF at any time.",
    "If anything goes wrong during the payment, you will not be charged twice: come back to this page and try again, or write to us and we will sort it out within 2 business days.",
  ],
};

export const Default: Story = { args: stepArgs(payment, afterQuestions) };

/** While the checkout session is being opened. */
export const Busy: Story = { args: { ...stepArgs(payment, afterQuestions), busy: true } };

/** The checkout could not be opened (the `error` prop). */
export const CheckoutFailed: Story = {
  args: { ...stepArgs(payment, afterQuestions), error: "We could not open the secure checkout. You have not been charged. Please try again in a moment." },
};

/** Back on the payment step after paying (browser Back): nothing more to pay, on to the report. */
export const AlreadyPaid: Story = { args: { ...stepArgs(payment, afterQuestions), payment: "paid" } };

/** Back on the payment step from a report the customer's plan includes: nothing to pay, on to the report. */
export const IncludedInPlan: Story = { args: { ...stepArgs(payment, afterQuestions), payment: "included" } };

/** A logged-in customer who already has a plan: pointed to it instead of a second subscription. */
export const PlanActive: Story = { args: { ...stepArgs(payment, afterQuestions), payment: "plan_active" } };

export const LongCopy: Story = { args: stepArgs(longCopy, afterQuestions) };

export const Mobile: Story = { args: stepArgs(payment, afterQuestions), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = {
  args: { ...stepArgs(longCopy, afterQuestions), error: "We could not open the secure checkout. You have not been charged. Please try again in a moment." },
  globals: { viewport: { value: "mobile" } },
};
