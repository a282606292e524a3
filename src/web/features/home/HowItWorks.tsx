import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import "./HowItWorks.css";

const steps = [
  {
    title: "Answer short questions",
    text: "Pick an assessment and answer questions about what you enjoy, how you work and how you have been feeling. There are no right or wrong answers.",
  },
  {
    title: "See your profile",
    text: "When you finish, you see a summary of what your answers show, such as your strongest interest areas or the parts of work that drain you most.",
  },
  {
    title: "Get your personal report",
    text: "If you want to go further, unlock a detailed report built from your answers, with explanations and practical next steps. It stays in your account.",
  },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" tabIndex={-1} className="how" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section-title">
          How it works
        </h2>
        <ol className="how__steps">
          {steps.map((step, index) => (
            <li key={step.title} className="how__step">
              <span className="how__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="how__title">{step.title}</h3>
              <p className="how__text">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="how__terms">
          <h3 className="how__terms-title">No surprises when you pay</h3>
          <ul className="how__terms-list">
            <li>You see the price before you pay for anything.</li>
            <li>You can cancel any time from your account.</li>
            <li>
              Our <Link to={paths.refundPolicy}>refund policy</Link> explains what happens if something goes wrong.
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
