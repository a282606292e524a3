import { render } from "./layout.ts";

export const passwordChangedEmail = (to: string, loginUrl: string) =>
  render(to, {
    subject: "Your Pathwise password was changed",
    preheader: "Your password was changed and you were logged out on every device.",
    paragraphs: [
      "Hello,",
      "The password of your Pathwise account was just changed, and every session was logged out.",
      "If this was you, there is nothing more to do. If it was not, reset your password now from the login page and reply to this e-mail so we can help.",
    ],
    action: { label: "Go to the login page", url: loginUrl },
    footnote: "This is a security notice sent to every account whose password changes.",
  });
