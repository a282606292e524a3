import { render } from "./layout.ts";

/**
 * To someone invited to be staff: what it gives, and the invitation link, which alone grants the role
 * (ADR 051); after that the login page e-mails a login link any time.
 */
export const staffInviteEmail = (to: string, url: string, hours: number) =>
  render(to, {
    subject: "You are invited to the Pathwise growth console",
    preheader: `Accept to see the funnels' figures and previews. The link works once, for ${hours} hours.`,
    paragraphs: [
      "Hello,",
      "You are invited to staff access on Pathwise: the growth console at /admin, with each funnel's live figures, its experiments and previews of every step and report.",
      `The button below accepts the invitation and logs you in, once, within ${hours} hours. Staff access starts only then, and any other login of this account ends. After that, the login page e-mails you a login link whenever you ask, or you can set a password under your account settings.`,
    ],
    action: { label: "Accept and log in", url },
    footnote: "You received this because someone on the Pathwise team gave this address staff access. If you did not expect it, reply to this e-mail.",
  });
