import { useId } from "react";
import { quadrants, type EnergyItem } from "./energy-map.ts";

/** The energy map's second part: the items drawn in four quadrants, each with a remove button. */
export function EnergyMapGrid({ items, onRemove }: { items: EnergyItem[]; onRemove: (id: string) => void }) {
  const id = useId();
  return (
    <section className="tool-widget__part" aria-labelledby={`${id}-map`}>
      <h3 id={`${id}-map`} className="tool-widget__title">
        2. Your map
      </h3>
      <div className="energy-map__grid">
        {quadrants(items).map((q) => (
          <section key={q.id} className="energy-map__quadrant" data-quadrant={q.id} aria-labelledby={`${id}-${q.id}`}>
            <h4 id={`${id}-${q.id}`} className="energy-map__quadrant-title">
              {q.label}
            </h4>
            {q.items.length === 0 ? (
              <p className="tool-widget__empty">Nothing here yet.</p>
            ) : (
              <ul className="energy-map__items" aria-labelledby={`${id}-${q.id}`}>
                {q.items.map((item) => (
                  <li key={item.id} className="energy-map__item">
                    <span className="energy-map__item-label">{item.label}</span>
                    <button type="button" className="button--text tool-small-button" aria-label={`Remove ${item.label}`} onClick={() => onRemove(item.id)}>
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
