/**
 * What the payment step says when there is nothing to pay (`nothingToPay` in
 * src/web/funnel/frame/view-model.ts): its heading, in place of the flow's "Secure payment", and its
 * line. Seen only by someone who came back to the step (the browser's Back from the report); going
 * forward, the step passes straight on to the report (src/web/funnel/effects/use-payment-return.ts).
 * Either reader may be logged in or not, so neither line speaks of logging in.
 */
export const NOTHING_TO_PAY = {
  paid: {
    title: "Your report is paid for",
    text: "Your payment went through, so there is nothing more to pay. Your report is saved in your account, and your receipt is in your inbox.",
  },
  included: {
    title: "Your report is included in your plan",
    text: "Your plan includes the report of every assessment, so there is nothing to pay for it. It is saved in your account.",
  },
} as const satisfies Record<"paid" | "included", { title: string; text: string }>;
