import type { Attachment } from "../mailer.ts";
import { render } from "./layout.ts";

/** A coaching session that the deletion cancelled: its title and when it was, as the booking e-mail wrote it. */
export type CancelledSession = { title: string; when: string; calendar: Attachment };

/**
 * The one goodbye e-mail, to the address the account had: it is gone, its plans are cancelled and
 * access has ended with it, what was kept, and any coaching session that was cancelled (with the
 * calendar files that remove them).
 */
export const accountDeletedEmail = (to: string, cancelled: { plans: number; sessions: CancelledSession[] }) => {
  const message = render(to, {
    subject: "Your Pathwise account was deleted",
    preheader: "Your account and your personal data are gone.",
    paragraphs: [
      "Hello,",
      `Your Pathwise account was deleted, as you asked. ${
        cancelled.plans > 0
          ? `${cancelled.plans === 1 ? "Your plan was" : "Your plans were"} cancelled, so you will not be charged again.`
          : "None of your plans was still renewing, so nothing more will be charged."
      } Access to your reports, education plans, articles, tools and coaching ended with the account, and it cannot be restarted.`,
      ...cancelled.sessions.map(
        (s) => `Your ${s.title} on ${s.when} is cancelled, and the coach has been told. The attached calendar file removes it from your calendar.`,
      ),
      "Your answers, reports, plan progress, tool entries and bookings are deleted.",
      "We keep the records of your payments without your name or e-mail address, because accounting law requires them and they let us handle a refund or a dispute.",
      "You can take an assessment again at any time; it would start a new account.",
    ],
    footnote: "This is the last e-mail we send to this address about the deleted account.",
  });
  return cancelled.sessions.length > 0 ? { ...message, attachments: cancelled.sessions.map((s) => s.calendar) } : message;
};

/** To the account's address: the link that deletes the account, for an account without a password (or one that prefers it). */
export const accountDeletionLinkEmail = (to: string, url: string, minutes: number) =>
  render(to, {
    subject: "The link to delete your Pathwise account",
    preheader: "Use it only if you want your account deleted.",
    paragraphs: [
      "Hello,",
      "You asked to delete your Pathwise account. Open the link below while logged in to your account, and confirm there: your plans are cancelled, your data is deleted, and the account cannot be restored.",
      `The link works once, for ${minutes} minutes.`,
    ],
    action: { label: "Delete my account", url },
    footnote:
      "If you did not ask for this, ignore this e-mail: nothing is deleted without the link. Reply to this e-mail if you think someone else is using your account.",
  });
