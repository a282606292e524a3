import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Message } from "../mailer.ts";
import * as accountDeleted from "./account-deleted.ts";
import * as accountEmailChange from "./account-email-change.ts";
import * as coaching from "./coaching.ts";
import * as leadFollowUp from "./lead-follow-up.ts";
import * as loginLink from "./login-link.ts";
import * as passwordChanged from "./password-changed.ts";
import * as passwordReset from "./password-reset.ts";
import * as paymentRefundedNotice from "./payment-refunded-notice.ts";
import * as paymentRefunded from "./payment-refunded.ts";
import * as receipt from "./receipt.ts";
import * as reportReady from "./report-ready.ts";
import * as resumeQuiz from "./resume-quiz.ts";
import * as staffInvite from "./staff-invite.ts";
import * as subscriptionCancelled from "./subscription-cancelled.ts";
import * as subscriptionDiscount from "./subscription-discount.ts";
import * as subscriptionPaused from "./subscription-paused.ts";
import * as subscriptionPaymentFailed from "./subscription-payment-failed.ts";
import * as subscriptionRenewalReminder from "./subscription-renewal-reminder.ts";
import * as subscriptionRenewed from "./subscription-renewed.ts";
import * as subscriptionRestarted from "./subscription-restarted.ts";
import * as subscriptionResumeReminder from "./subscription-resume-reminder.ts";

const ORIGIN = "https://pathwise.example";
const to = "ada@example.org";
const url = `${ORIGIN}/login?email=ada%40example.org&tmp_token=abc_DEF-123`;
const calendar = { filename: "session.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" };
const at = new Date("2027-03-12T10:00:00Z");
const plan = { to, appOrigin: ORIGIN, planName: "1-month plan", currency: "USD", timeZone: "Europe/Berlin" };
const receiptMail = {
  ...plan,
  planName: "7-day trial",
  amount: 199,
  orderId: "5485eb08-077c-487a-b1bd-e1f41a46e585",
  paidAt: at,
  renewal: { at, amount: 2999, period: "month" as const },
  loginUrl: url,
  loginMinutes: 10,
};

/** Every e-mail the server writes, each in the forms it takes: one list per template file. */
const mails: Record<string, Record<string, () => Message>> = {
  "account-deleted.ts": {
    deleted: () => accountDeleted.accountDeletedEmail(to, { plans: 1, sessions: [{ title: "Career session", when: "12 March 2027, 10:00", calendar }] }),
    link: () => accountDeleted.accountDeletionLinkEmail(to, url, 30),
  },
  "account-email-change.ts": {
    confirm: () => accountEmailChange.emailChangeConfirmEmail(to, url, 24),
    authorize: () => accountEmailChange.emailChangeAuthorizeEmail(to, "new@example.org", url, 30),
    requested: () => accountEmailChange.emailChangeRequestedEmail(to, `${ORIGIN}/login`),
    changed: () => accountEmailChange.emailChangedEmail(to, "new@example.org", `${ORIGIN}/login`),
  },
  "coaching.ts": {
    change: () =>
      coaching.coachingChangeEmail("booked", {
        to,
        sessionTitle: "Career session",
        when: "12 March 2027, 10:00",
        howItHappens: "A video call.",
        accountUrl: `${ORIGIN}/account/coaching`,
        calendar,
      }),
    notice: () => coaching.coachingNoticeEmail("moved", { to, customer: to, sessionTitle: "Career session", when: "12 March 2027", note: "Hi" }),
  },
  "lead-follow-up.ts": {
    followUp: () =>
      leadFollowUp.leadFollowUpEmail({
        to,
        copy: { id: "one", after: "1d", subject: "Your result", body: ["Your result is waiting."], button: "See my plans" },
        quizTitle: "Career test",
        summary: "You lean towards people.",
        url: `${ORIGIN}/r/abc`,
        unsubscribeUrl: `${ORIGIN}/api/follow-ups/unsubscribe?token=abc`,
      }),
  },
  "login-link.ts": { login: () => loginLink.loginLinkEmail(to, url, 10) },
  "password-changed.ts": { changed: () => passwordChanged.passwordChangedEmail(to, `${ORIGIN}/login`) },
  "password-reset.ts": { reset: () => passwordReset.passwordResetEmail(to, url, 30) },
  "payment-refunded-notice.ts": {
    notice: () => paymentRefundedNotice.paymentRefundedNoticeEmail({ ...plan, amount: 199, orderId: "o1", refundedAt: at, kind: "initial" }),
  },
  "payment-refunded.ts": {
    duplicate: () => paymentRefunded.duplicatePaymentRefundedEmail({ to, appOrigin: ORIGIN, amount: 199, currency: "USD", orderId: "o1" }),
  },
  "receipt.ts": {
    preparing: () => receipt.receiptEmail({ ...receiptMail, report: { code: "career_report", ready: false } }),
    ready: () => receipt.receiptEmail({ ...receiptMail, report: { code: "career_report", ready: true } }),
    noReport: () => receipt.receiptEmail({ ...receiptMail, renewal: null, report: null }),
  },
  "report-ready.ts": {
    ready: () => reportReady.reportReadyEmail(to, { title: "Your career report", firstName: "Ada", url: `${ORIGIN}/account/reports/career` }),
  },
  "resume-quiz.ts": { resume: () => resumeQuiz.resumeQuizEmail(to, `${ORIGIN}/continue?token=abc`, "Career test", 7) },
  "staff-invite.ts": { invite: () => staffInvite.staffInviteEmail(to, url, 48) },
  "subscription-cancelled.ts": { cancelled: () => subscriptionCancelled.subscriptionCancelledEmail({ ...plan, cancelledAt: at, accessUntil: at }) },
  "subscription-discount.ts": {
    discount: () => subscriptionDiscount.subscriptionDiscountEmail({ ...plan, percent: 30, regularAmount: 2999, newAmount: 2099, nextChargeAt: at }),
  },
  "subscription-paused.ts": {
    paused: () => subscriptionPaused.subscriptionPausedEmail({ ...plan, months: 1, accessUntil: at, resumesAt: at, nextAmount: 2999 }),
  },
  "subscription-payment-failed.ts": {
    retry: () => subscriptionPaymentFailed.subscriptionPaymentFailedEmail({ ...plan, amount: 2999, retryAt: at }),
    final: () => subscriptionPaymentFailed.subscriptionPaymentFailedEmail({ ...plan, amount: 2999, retryAt: null }),
  },
  "subscription-renewal-reminder.ts": {
    reminder: () =>
      subscriptionRenewalReminder.subscriptionRenewalReminderEmail({
        ...plan,
        reason: "trial_ends",
        subId: "8d7c2b9e-4a1f-4c3e-9b6d-2f1e0a9c8b7d",
        chargeAt: at,
        amount: 2099,
        regularAmount: 2999,
        discountPercent: 30,
        period: "month",
      }),
  },
  "subscription-renewed.ts": { renewed: () => subscriptionRenewed.subscriptionRenewedEmail({ ...plan, amount: 2999, periodEnd: at, orderId: "o1" }) },
  "subscription-restarted.ts": {
    restarted: () => subscriptionRestarted.subscriptionRestartedEmail({ ...plan, nextAmount: 2999, nextChargeAt: at, period: "month" }),
  },
  "subscription-resume-reminder.ts": { reminder: () => subscriptionResumeReminder.subscriptionResumeReminderEmail({ ...plan, resumesAt: at, amount: 2999 }) },
};

/** The files that only help the templates: they write no e-mail of their own. */
const HELPERS = ["layout.ts", "subscription-format.ts"];

/**
 * Every address in a text part that a mail client cannot click as it stands: one that does not stand
 * alone between spaces or line ends, or that ends in a bracket, a quote or punctuation (a client
 * takes those into the link, as the dev outbox does).
 */
function unclickable(text: string): string[] {
  return [...text.matchAll(/\S*https?:\/\/\S*/g)].map((m) => m[0]).filter((word) => !/^https?:\/\/\S*[\w/=-]$/.test(word));
}

describe("the plain-text part of every e-mail", () => {
  it("lists every template file (a new one is added here)", () => {
    const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !HELPERS.includes(f));
    expect(Object.keys(mails).sort()).toEqual(files.sort());
  });

  for (const [file, forms] of Object.entries(mails)) {
    for (const [form, write] of Object.entries(forms)) {
      it(`${file} (${form}): each link is a bare URL a mail client can click`, () => {
        const { text } = write();
        expect(unclickable(text)).toEqual([]);
      });
    }
  }

  it("writes a link as its label, a colon and the URL, on a line of its own", () => {
    const lines = mails["receipt.ts"]!.preparing!().text.split("\n");
    expect(lines).toContain(`My plans: ${ORIGIN}/account/profile/my-plans`);
    expect(lines).toContain(`Login page: ${ORIGIN}/login`);
    expect(lines).toContain(`Open my account: ${url}`);
  });
});
