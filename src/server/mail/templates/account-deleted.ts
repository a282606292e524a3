import { render } from "./layout.ts";

/** To the address the account had: it is gone, and what was kept. */
export const accountDeletedEmail = (to: string) =>
  render(to, {
    subject: "Your Pathwise account was deleted",
    preheader: "Your account and your personal data are gone.",
    paragraphs: [
      "Hello,",
      "Your Pathwise account was deleted, as you asked. Your plans were cancelled, so you will not be charged again, and your answers, reports, plan progress, tool entries and bookings are deleted.",
      "We keep the records of your payments without your name or e-mail address, because accounting law requires them and they let us handle a refund or a dispute.",
      "You can take an assessment again at any time; it would start a new account.",
    ],
    footnote: "This is the last e-mail we send to this address about the deleted account.",
  });
