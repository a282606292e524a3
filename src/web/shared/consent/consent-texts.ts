import type { ConsentPurpose } from "#schemas/consent/consent-cookie.ts";

/** The switch per purpose in the banner and on the privacy page, in this order: its label and one sentence on what it allows. */
export const CONSENT_TOGGLES: readonly { purpose: ConsentPurpose; label: string; about: string }[] = [
  {
    purpose: "analytics",
    label: "Analytics",
    about: "Lets us count visits and see where pages go wrong, with Google's analytics tags and our error reports, so we can fix and improve them.",
  },
  {
    purpose: "marketing",
    label: "Marketing",
    about: "Lets Meta, Google and TikTok learn which of our ads led to a sign-up or a purchase, and lets us e-mail you a reminder if you leave before buying.",
  },
];
