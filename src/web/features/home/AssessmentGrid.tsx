import { Link } from "react-router-dom";
import { flowSummaries } from "virtual:flow-cards";
import type { CardedFlow } from "#engine/flow/cards.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { aboutMinutes, categoryLabels, shownCards, type ShownCard } from "#web/shared/cards/shown-cards.ts";
import "./AssessmentGrid.css";

function AssessmentCard({ card, featured }: { card: ShownCard; featured: boolean }) {
  return (
    <li className={`card card--${card.category}${featured ? " card--featured" : ""}`}>
      <img className="card__picture" src={card.picture.src} alt={card.picture.alt} width={800} height={450} loading="lazy" decoding="async" />
      <p className="card__tag">{featured ? "Start here" : categoryLabels[card.category]}</p>
      <h3 className="card__title">
        <Link to={card.href} className="card__link">
          {card.title}
        </Link>
      </h3>
      <p className="card__text">{card.line}</p>
      {card.highlights && (
        <ul className="card__areas" aria-label={card.highlights.label}>
          {card.highlights.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      <p className="card__go">
        <span className="card__minutes">{aboutMinutes(card.minutes)}</span>
        <span aria-hidden="true">
          Start <span className="card__arrow">→</span>
        </span>
      </p>
    </li>
  );
}

/** The home page's cards: one per flow that declares a `card:`, in its `order` (the first is featured). */
export function AssessmentGrid({ flows = flowSummaries }: { flows?: readonly CardedFlow[] }) {
  const t = useT();
  const cards = shownCards(flows, t);
  return (
    <section id="assessments" tabIndex={-1} className="assessments" aria-labelledby="assessments-title">
      <div className="container">
        <h2 id="assessments-title" className="section-title">
          Choose an assessment
        </h2>
        <p className="section-intro">
          Each one takes a few minutes and ends with your profile.
          {cards[0] ? ` Not sure where to begin? The ${cards[0].title} is a good first step.` : ""}
        </p>
        <ul className="assessments__grid">
          {cards.map((card, index) => (
            <AssessmentCard key={card.flow} card={card} featured={index === 0} />
          ))}
        </ul>
      </div>
    </section>
  );
}
