import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { AssessmentGrid } from "./AssessmentGrid.tsx";
import { Hero } from "./Hero.tsx";
import { HowItWorks } from "./HowItWorks.tsx";
import { Method } from "./Method.tsx";
import { HOME_DESCRIPTION, HOME_TITLE } from "./home-head.ts";
import "./HomePage.css";

export function HomePage() {
  return (
    <>
      <title>{HOME_TITLE}</title>
      <meta name="description" content={HOME_DESCRIPTION} />
      <Hero />
      <HowItWorks />
      <AssessmentGrid />
      <Method />
      <section className="closing" aria-labelledby="closing-title">
        <div className="container closing__inner">
          <h2 id="closing-title" className="closing__title">
            Start with what you enjoy
          </h2>
          <p className="closing__text">The career interest test maps your interests to six areas and the kinds of work that match them.</p>
          <Link to={paths.careerQuiz} className="button button--primary closing__cta">
            Start the career interest test
          </Link>
        </div>
      </section>
    </>
  );
}
