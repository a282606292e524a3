import { render } from "./layout.ts";

export const loginLinkEmail = (to: string, url: string, minutes: number) =>
  render(to, {
    subject: "Your Pathwise login link",
    preheader: `Log in with one click. The link works once, for ${minutes} minutes.`,
    paragraphs: ["Hello,", `Use the button below to log in to your Pathwise account. The link works once and expires in ${minutes} minutes.`],
    action: { label: "Log in to Pathwise", url },
    footnote:
      "You received this because someone asked for a login link for this address. If it was not you, ignore this e-mail: nobody can log in without the link.",
  });
