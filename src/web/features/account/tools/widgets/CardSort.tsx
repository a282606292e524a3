import { useId } from "react";
import type { CardSortConfig, CardSortEntry } from "#schemas/tools/card-sort.ts";
import { firstPileCards, moveTop, placeCard, sortedCount, toggleTop } from "./card-sort.ts";
import { NoteField } from "./NoteField.tsx";
import type { WidgetProps } from "./widget.ts";

/** Card sort: every card onto a pile with a radio group, then a short list picked from the first pile and put in order. */
export function CardSort({ config, value, onChange }: WidgetProps<CardSortConfig, CardSortEntry>) {
  const id = useId();
  const sorted = sortedCount(config, value);
  const first = config.piles[0];
  const candidates = firstPileCards(config, value);
  const titles = new Map(config.cards.map((c) => [c.id, c.title]));

  return (
    <div className="tool-widget card-sort">
      <section className="tool-widget__part" aria-labelledby={`${id}-sort`}>
        <h3 id={`${id}-sort`} className="tool-widget__title">
          1. Sort the cards
        </h3>
        <p className="tool-progress">
          <span>
            {sorted} of {config.cards.length} sorted
          </span>
          <progress max={config.cards.length} value={sorted} aria-label="Cards sorted" />
        </p>
        <ul className="card-sort__cards">
          {config.cards.map((card) => (
            <li key={card.id} className="card-sort__card" data-pile={value.placements[card.id] ?? ""}>
              <fieldset className="card-sort__fieldset">
                <legend className="card-sort__card-title">{card.title}</legend>
                <p className="card-sort__card-text">{card.description}</p>
                <div className="card-sort__piles">
                  {config.piles.map((pile) => (
                    <label key={pile.id} className="tool-choice">
                      <input
                        type="radio"
                        name={`${id}-${card.id}`}
                        value={pile.id}
                        checked={value.placements[card.id] === pile.id}
                        onChange={() => onChange(placeCard(config, value, card.id, pile.id))}
                      />
                      {pile.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      </section>

      <section className="tool-widget__part" aria-labelledby={`${id}-top`}>
        <h3 id={`${id}-top`} className="tool-widget__title">
          2. Your short list
        </h3>
        <p className="tool-widget__hint">
          Choose up to {config.top} cards from “{first?.label}”, then put them in order, most important first.
        </p>
        {candidates.length === 0 ? (
          <p className="tool-widget__empty">Cards you put on “{first?.label}” appear here.</p>
        ) : (
          <fieldset className="card-sort__candidates">
            <legend className="visually-hidden">Cards for your short list</legend>
            {candidates.map((card) => {
              const chosen = value.top.includes(card.id);
              return (
                <label key={card.id} className="tool-choice">
                  <input
                    type="checkbox"
                    checked={chosen}
                    disabled={!chosen && value.top.length >= config.top}
                    onChange={() => onChange(toggleTop(config, value, card.id))}
                  />
                  {card.title}
                </label>
              );
            })}
          </fieldset>
        )}
        <p className="tool-widget__hint" aria-live="polite">
          {value.top.length} of {config.top} chosen
        </p>
        {value.top.length > 0 && (
          <ol className="card-sort__top" aria-label="Your short list, in order">
            {value.top.map((cardId, index) => {
              const title = titles.get(cardId) ?? cardId;
              return (
                <li key={cardId} className="card-sort__top-item">
                  <span className="card-sort__rank" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="card-sort__top-title">{title}</span>
                  <span className="card-sort__moves">
                    <button
                      type="button"
                      className="button button--secondary tool-small-button"
                      aria-label={`Move ${title} up`}
                      disabled={index === 0}
                      onClick={() => onChange(moveTop(value, index, -1))}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className="button button--secondary tool-small-button"
                      aria-label={`Move ${title} down`}
                      disabled={index === value.top.length - 1}
                      onClick={() => onChange(moveTop(value, index, 1))}
                    >
                      Move down
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <NoteField
        value={value.note}
        onChange={(note) => onChange({ ...value, note })}
        hint="What surprised you, and what the short list means for your next decision."
      />
    </div>
  );
}
