import type { Attachment } from "../mailer.ts";
import { render } from "./layout.ts";

type Change = "booked" | "moved" | "cancelled";
type Details = { to: string; sessionTitle: string; when: string; howItHappens: string; accountUrl: string; calendar: Attachment };

const SUBJECT: Record<Change, (title: string) => string> = {
  booked: (t) => `Booked: ${t}`,
  moved: (t) => `Moved: ${t}`,
  cancelled: (t) => `Cancelled: ${t}`,
};

/** To the customer: the booking, move or cancellation, with the calendar file that adds, updates or removes it. */
export function coachingChangeEmail(change: Change, d: Details) {
  const message = render(d.to, {
    subject: SUBJECT[change](d.sessionTitle),
    preheader: change === "cancelled" ? "Your coaching session is cancelled." : `Your coaching session: ${d.when}.`,
    paragraphs:
      change === "cancelled"
        ? [
            "Hello,",
            `Your ${d.sessionTitle} on ${d.when} is cancelled. The attached file removes it from your calendar.`,
            "You can book another time from your account whenever it suits you.",
          ]
        : [
            "Hello,",
            `Your ${d.sessionTitle} is ${change === "moved" ? "moved to" : "booked for"} ${d.when}. The attached file ${change === "moved" ? "updates" : "adds"} it in your calendar.`,
            d.howItHappens,
            "You can move or cancel it from your account until shortly before it starts.",
          ],
    action: { label: "See your sessions", url: d.accountUrl },
    footnote: "You get this e-mail because you booked a coaching session in your Pathwise account.",
  });
  return { ...message, attachments: [d.calendar] };
}

/** To the coach or operator: who, which session, when, and the customer's note. */
export function coachingNoticeEmail(
  change: Change,
  d: { to: string; customer: string; sessionTitle: string; when: string; note: string | null; reason?: string },
) {
  return render(d.to, {
    subject: `Coaching ${change}: ${d.sessionTitle}, ${d.when}`,
    preheader: `${d.customer}: ${d.sessionTitle}`,
    paragraphs: [
      `${change === "cancelled" ? "Cancelled" : change === "moved" ? "Moved" : "New booking"}: ${d.sessionTitle}, ${d.when}.`,
      `Customer: ${d.customer}.`,
      ...(d.reason ? [d.reason] : []),
      d.note ? `Their note: ${d.note}` : "They left no note.",
      change === "cancelled" ? "Nothing to send." : "Send them the video call link by e-mail before the session.",
    ],
    footnote: "Sent to the coaching address (COACHING_NOTIFY_EMAIL) for every booking change.",
  });
}
