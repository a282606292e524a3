import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { interestAreas } from "./interest-areas.ts";
import "./Hero.css";

/** Bar lengths for the illustrative profile card; they mean nothing beyond the picture. */
const exampleLevels = ["low", "top", "high", "mid", "mid", "low"] as const;

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">Career and wellbeing assessments</p>
          <h1 id="hero-title" className="hero__title">
            Find work that fits who you&nbsp;are
          </h1>
          <p className="hero__lead">
            Short assessments of your career interests and of how work is treating you. Answer a few questions, see your result, and get a personal report with
            practical next steps if you want one.
          </p>
          <div className="hero__actions">
            <Link to={paths.careerQuiz} className="button button--primary hero__cta">
              Start the career test
            </Link>
            <Link to={paths.homeSection("assessments")} className="button button--secondary hero__cta">
              See all assessments
            </Link>
          </div>
          <p className="hero__note">Answering the questions costs nothing. A report’s price is always shown before you pay.</p>
        </div>

        <figure className="hero__profile" aria-labelledby="hero-profile-caption">
          <figcaption id="hero-profile-caption" className="hero__profile-caption">
            What an interest profile looks like
          </figcaption>
          <ul className="hero__areas">
            {interestAreas.map((area, index) => (
              <li key={area.name} className="hero__area">
                <span className="hero__area-name">{area.name}</span>
                <span className="hero__area-summary">{area.summary}</span>
                <span className="hero__bar" data-level={exampleLevels[index]} aria-hidden="true" />
              </li>
            ))}
          </ul>
          <p className="hero__profile-note">An illustration: your own profile is built from your answers.</p>
        </figure>
      </div>
    </section>
  );
}
