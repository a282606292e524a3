import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { FlowStepPreview } from "#web/funnel/FlowStepPreview.tsx";
import { stepArgs, type StepInput } from "../story-helpers.ts";

const meta = {
  title: "Funnel steps/Email",
  component: FlowStepPreview,
  args: { onAnswer: fn(), onBack: fn() },
} satisfies Meta<typeof FlowStepPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const email: StepInput<"email"> = {
  id: "email",
  kind: "email",
  progress: false,
  title: "Where should we send your report?",
  subtitle: "Your results and your report will be linked to this address.",
  label: "Email address",
  placeholder: "you@example.com",
  consent:
    "By continuing, you agree to our Terms of Service and Privacy Policy. We use your email address to save your results and to give you access to your report.",
  marketingConsent: "Send me occasional career tips and offers from Pathwise. I can unsubscribe at any time.",
  cta: "Continue",
};

const longCopy: StepInput<"email"> = {
  ...email,
  title: "Your results are ready to be saved: which email address should we link them to, so that you can come back to your report on any device?",
  subtitle:
    "We will send you a link that logs you in without a password. Use an address you will still have in a few months, since your report stays in your account for as long as you keep it.",
  label: "The email address you check most often",
  consent:
    "By continuing, you agree to our Terms of Service, our Privacy Policy and our Refund Policy. We use your email address to save your results, to send you a log-in link and receipts, and to give you access to your report. We never sell or share your address, and you can ask us to delete your account and everything in it at any time from your account settings.",
  marketingConsent:
    "Yes, send me a short e-mail now and then with career tips, new tests and occasional offers from Pathwise. I understand that I can unsubscribe from these e-mails at any time with one click, and that this does not affect the e-mails about my report.",
};

export const Empty: Story = { args: stepArgs(email) };

export const Answered: Story = { args: { ...stepArgs(email), answer: "priya.sharma@example.com" } };

/** An address with a typo: the field's own check. */
export const Invalid: Story = {
  args: stepArgs(email),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText("Email address"), "priya.sharma@example");
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }));
    await expect(canvas.getByText(/doesn’t look like an email address/)).toBeVisible();
  },
};

/** Continue with the field empty. */
export const InvalidEmpty: Story = {
  args: stepArgs(email),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }));
    await expect(canvas.getByText("Please enter your email address.")).toBeVisible();
  },
};

/** The server turned the address down (the `error` prop). */
export const ServerError: Story = {
  args: {
    ...stepArgs(email),
    answer: "priya.sharma@example.com",
    error: "We could not save your results just now. Please check your connection and try again.",
  },
};

/** While the address is being registered. */
export const Busy: Story = { args: { ...stepArgs(email), answer: "priya.sharma@example.com", busy: true } };

export const LongCopy: Story = { args: stepArgs(longCopy) };

export const Mobile: Story = { args: stepArgs(email), globals: { viewport: { value: "mobile" } } };

export const MobileLongCopy: Story = { args: stepArgs(longCopy), globals: { viewport: { value: "mobile" } } };
