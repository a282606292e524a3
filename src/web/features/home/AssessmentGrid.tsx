import { Link } from "react-router-dom";
import { flowSummaries } from "virtual:flows";
import { categoryLabels, interestAreas, liveAssessments, type LiveAssessment } from "./assessments.ts";
import "./AssessmentGrid.css";

function AssessmentCard({ assessment, featured }: { assessment: LiveAssessment; featured: boolean }) {
  return (
    <li className={`card card--${assessment.category}${featured ? " card--featured" : ""}`}>
      <p className="card__tag">{featured ? "Start here" : categoryLabels[assessment.category]}</p>
      <h3 className="card__title">
        <Link to={assessment.href} className="card__link">
          {assessment.title}
        </Link>
      </h3>
      <p className="card__text">{assessment.description}</p>
      {featured && (
        <ul className="card__areas" aria-label="The six interest areas">
          {interestAreas.map((area) => (
            <li key={area.name}>{area.name}</li>
          ))}
        </ul>
      )}
      <span className="card__go" aria-hidden="true">
        Start <span className="card__arrow">→</span>
      </span>
    </li>
  );
}

export function AssessmentGrid() {
  return (
    <section id="assessments" tabIndex={-1} className="assessments" aria-labelledby="assessments-title">
      <div className="container">
        <h2 id="assessments-title" className="section-title">
          Choose an assessment
        </h2>
        <p className="section-intro">
          Each one takes a few minutes and ends with your profile. Not sure where to begin? The career interest test is a good first step.
        </p>
        <ul className="assessments__grid">
          {liveAssessments(flowSummaries).map((assessment, index) => (
            <AssessmentCard key={assessment.id} assessment={assessment} featured={index === 0 && assessment.id === "career"} />
          ))}
        </ul>
      </div>
    </section>
  );
}
