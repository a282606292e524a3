import { render } from "./layout.ts";

export const passwordResetEmail = (to: string, url: string, minutes: number) =>
  render(to, {
    subject: "Reset your Pathwise password",
    preheader: `Choose to get a new password. The link works once, for ${minutes} minutes.`,
    paragraphs: [
      "Hello,",
      `We received a request to reset the password of your Pathwise account. Open the link below to get a new password. The link works once and expires in ${minutes} minutes.`,
      "Resetting your password logs you out on every device.",
    ],
    action: { label: "Reset my password", url },
    footnote: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  });
