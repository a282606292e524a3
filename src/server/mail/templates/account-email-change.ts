import { render } from "./layout.ts";

/** To the new address: the link that moves the account to it. */
export const emailChangeConfirmEmail = (to: string, url: string, hours: number) =>
  render(to, {
    subject: "Confirm your new Pathwise e-mail address",
    preheader: "One click moves your Pathwise account to this address.",
    paragraphs: [
      "Hello,",
      "Someone asked to move a Pathwise account to this e-mail address. If it was you, confirm it with the button below while you are logged in to your account.",
      `The link works once, for ${hours} hours. Until you confirm, the account keeps its old address.`,
    ],
    action: { label: "Confirm this address", url },
    footnote: "If you did not ask for this, ignore this e-mail: nothing changes.",
  });

/** To the current address of an account without a password: approve the move first; only then does the new address get its link. */
export const emailChangeAuthorizeEmail = (to: string, newAddress: string, url: string, minutes: number) =>
  render(to, {
    subject: "Approve the change of your Pathwise e-mail address",
    preheader: `Someone asked to move your Pathwise account to ${newAddress}.`,
    paragraphs: [
      "Hello,",
      `Someone logged in to your Pathwise account asked to move it to ${newAddress}. Your account has no password, so this address approves the change first.`,
      `If it was you, approve it with the button below while you are logged in to your account. We then send a confirmation link to ${newAddress}; the account moves once that link is used.`,
      `This link works once, for ${minutes} minutes.`,
    ],
    action: { label: "Approve the change", url },
    footnote: "If you did not ask for this, do not use the link: nothing changes. Reply to this e-mail so we can help secure your account.",
  });

/** To the old address: a change was asked for. */
export const emailChangeRequestedEmail = (to: string, loginUrl: string) =>
  render(to, {
    subject: "A change of your Pathwise e-mail address was asked for",
    preheader: "If it was not you, change your password.",
    paragraphs: [
      "Hello,",
      "Someone logged in to your Pathwise account asked to move it to another e-mail address. We sent a confirmation link to that address; nothing changes until it is used.",
      "If this was not you, change your password now and reply to this e-mail so we can help.",
    ],
    action: { label: "Go to the login page", url: loginUrl },
    footnote: "This is a security notice sent whenever a change of address is asked for.",
  });

/** To the old address: the change is done. */
export const emailChangedEmail = (to: string, newAddress: string, loginUrl: string) =>
  render(to, {
    subject: "Your Pathwise e-mail address was changed",
    preheader: "Your account now uses another address.",
    paragraphs: [
      "Hello,",
      `Your Pathwise account now uses ${newAddress}. Receipts and account e-mails go there from now on, and you log in with it.`,
      "If this was not you, reply to this e-mail at once so we can secure your account.",
    ],
    action: { label: "Go to the login page", url: loginUrl },
    footnote: "This is a security notice sent whenever an account's address changes.",
  });
