import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import "./Method.css";

export function Method() {
  return (
    <section id="method" tabIndex={-1} className="method" aria-labelledby="method-title">
      <div className="container method__inner">
        <div className="method__intro">
          <h2 id="method-title" className="section-title">
            What we measure, and how
          </h2>
          <p className="section-intro">We want you to know what sits behind each result before you rely on it.</p>
        </div>
        <div className="method__items">
          <article className="method__item">
            <h3 className="method__title">Career interests</h3>
            <p>
              The career interest test follows the approach of the O*NET Interest Profiler, a public-domain tool from the U.S. Department of Labor. It describes
              your interests across six areas (Realistic, Investigative, Artistic, Social, Enterprising and Conventional) and connects them to the kinds of work
              people with similar interests tend to enjoy. Pathwise is independent and is not endorsed by the Department of Labor.
            </p>
          </article>
          <article className="method__item">
            <h3 className="method__title">Wellbeing, habits and career moves</h3>
            <p>
              The other nine assessments, from burnout and stress to income and career-switch readiness, are structured self-reflection questionnaires. Your
              profile and report explain what your answers suggest and offer practical steps to try.
            </p>
          </article>
          <article className="method__item method__item--notice">
            <h3 className="method__title">What results are, and are not</h3>
            <p>
              Results are for self-exploration. They are not a medical or psychological diagnosis, and they should not be used for hiring or other decisions
              about someone’s employment. If you are worried about your health, talk to a doctor or a mental health professional. If you are in crisis, contact
              your local emergency number.
            </p>
          </article>
          <article className="method__item">
            <h3 className="method__title">Your answers</h3>
            <p>
              We use your answers to build your profile and report. Our <Link to={paths.privacyPolicy}>privacy policy</Link> explains how we handle your data.
            </p>
          </article>
        </div>
      </div>
    </section>
  );
}
