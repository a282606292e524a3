import { render } from "./layout.ts";

/** Sent once when a paid personal report has been prepared: where to read it and download it. */
export const reportReadyEmail = (to: string, report: { title: string; firstName: string | null; url: string }) =>
  render(to, {
    subject: `Your report is ready: ${report.title}`,
    preheader: "Read it in your account, or download it as a PDF.",
    paragraphs: [
      report.firstName ? `Hello ${report.firstName},` : "Hello,",
      `Your personal report, “${report.title}”, is ready. It is saved in your account, where you can read it again at any time and download it as a PDF.`,
      "If you are not logged in on this device, the login page can e-mail you a link to log in without a password.",
    ],
    action: { label: "Read my report", url: report.url },
    footnote: "You received this because you bought a Pathwise report with this address.",
  });
