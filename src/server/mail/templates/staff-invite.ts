import { render } from "./layout.ts";

/** To someone just made staff: what it gives, and a login link (the login page e-mails a new one any time). */
export const staffInviteEmail = (to: string, url: string, minutes: number) =>
  render(to, {
    subject: "You can now use the Pathwise growth console",
    preheader: `Log in to see the funnels' figures and previews. The link works once, for ${minutes} minutes.`,
    paragraphs: [
      "Hello,",
      "Your Pathwise account now has staff access: after logging in you will find the growth console at /admin, with each funnel's live figures, its experiments and previews of every step and report.",
      `The button below logs you in once within ${minutes} minutes. After that, the login page e-mails you a new link whenever you ask, or you can set a password under your account settings.`,
    ],
    action: { label: "Log in to Pathwise", url },
    footnote: "You received this because someone on the Pathwise team gave this address staff access. If you did not expect it, reply to this e-mail.",
  });
