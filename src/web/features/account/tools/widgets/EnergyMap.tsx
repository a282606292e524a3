import { useId, useState, type FormEvent } from "react";
import type { EnergyMapConfig, EnergyMapEntry } from "../../../../../../schemas/tools/energy-map.ts";
import { addItem, chooseGrow, chooseShrink, MAX_ENERGY_ITEMS, quadrants, removeItem, type NewEnergyItem } from "./energy-map.ts";
import { NoteField } from "./NoteField.tsx";
import type { WidgetProps } from "./widget.ts";

const FRESH: NewEnergyItem = { label: "", direction: "drains", effect: "large" };

/** Energy map: items added by name, direction and size, shown in four quadrants; then one drain to shrink and one restorer to grow. */
export function EnergyMap({ config, value, onChange }: WidgetProps<EnergyMapConfig, EnergyMapEntry>) {
  const id = useId();
  const [draft, setDraft] = useState<NewEnergyItem>(FRESH);
  const [missingName, setMissingName] = useState(false);
  const full = value.items.length >= MAX_ENERGY_ITEMS;
  const drains = value.items.filter((i) => i.direction === "drains");
  const restorers = value.items.filter((i) => i.direction === "restores");
  const strategy = config.strategies.find((s) => s.id === value.shrink?.strategy);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.label.trim()) return setMissingName(true);
    onChange(addItem(value, draft));
    setDraft({ ...draft, label: "" });
    setMissingName(false);
  };

  return (
    <div className="tool-widget energy-map">
      <form className="tool-widget__part energy-map__add" onSubmit={add} aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`} className="tool-widget__title">
          1. Add what drains or restores you
        </h3>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            Activity, person or situation
          </label>
          <input
            id={`${id}-name`}
            className="field__input"
            maxLength={80}
            value={draft.label}
            aria-invalid={missingName || undefined}
            aria-describedby={missingName ? `${id}-name-error` : undefined}
            onChange={(e) => setDraft({ ...draft, label: e.target.value })}
          />
          {missingName && (
            <p id={`${id}-name-error`} className="tool-field-error" role="alert">
              Give the item a name first.
            </p>
          )}
        </div>
        <div className="energy-map__options">
          <fieldset className="tool-radios">
            <legend className="field__label">It…</legend>
            {(["drains", "restores"] as const).map((d) => (
              <label key={d} className="tool-choice">
                <input type="radio" name={`${id}-direction`} checked={draft.direction === d} onChange={() => setDraft({ ...draft, direction: d })} />
                {d === "drains" ? "Drains me" : "Restores me"}
              </label>
            ))}
          </fieldset>
          <fieldset className="tool-radios">
            <legend className="field__label">By how much</legend>
            {(["large", "small"] as const).map((e) => (
              <label key={e} className="tool-choice">
                <input type="radio" name={`${id}-effect`} checked={draft.effect === e} onChange={() => setDraft({ ...draft, effect: e })} />
                {e === "large" ? "A lot" : "A little"}
              </label>
            ))}
          </fieldset>
        </div>
        <p>
          <button type="submit" className="button button--secondary" disabled={full}>
            Add to the map
          </button>
        </p>
        {full && <p className="tool-widget__hint">The map holds {MAX_ENERGY_ITEMS} items; remove one to add another.</p>}
      </form>

      <section className="tool-widget__part" aria-labelledby={`${id}-map`}>
        <h3 id={`${id}-map`} className="tool-widget__title">
          2. Your map
        </h3>
        <div className="energy-map__grid">
          {quadrants(value.items).map((q) => (
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
                      <button
                        type="button"
                        className="button--text tool-small-button"
                        aria-label={`Remove ${item.label}`}
                        onClick={() => onChange(removeItem(value, item.id))}
                      >
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

      <section className="tool-widget__part" aria-labelledby={`${id}-shrink`}>
        <h3 id={`${id}-shrink`} className="tool-widget__title">
          3. Shrink one drain
        </h3>
        {drains.length === 0 ? (
          <p className="tool-widget__empty">Add a drain to the map to plan how to shrink it.</p>
        ) : (
          <>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-shrink-item`}>
                The drain to shrink
              </label>
              <select
                id={`${id}-shrink-item`}
                className="field__input"
                value={value.shrink?.item ?? ""}
                onChange={(e) => onChange(chooseShrink(config, value, e.target.value))}
              >
                <option value="">Choose a drain</option>
                {drains.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            {value.shrink && (
              <>
                <fieldset className="tool-radios energy-map__strategies">
                  <legend className="field__label">How</legend>
                  {config.strategies.map((s) => (
                    <label key={s.id} className="tool-choice">
                      <input
                        type="radio"
                        name={`${id}-strategy`}
                        checked={value.shrink?.strategy === s.id}
                        onChange={() => value.shrink && onChange({ ...value, shrink: { ...value.shrink, strategy: s.id } })}
                      />
                      {s.label}
                    </label>
                  ))}
                </fieldset>
                {strategy && <p className="tool-widget__hint energy-map__strategy-hint">{strategy.hint}</p>}
                <PlanField
                  label="Your plan to shrink it"
                  value={value.shrink.plan}
                  onChange={(plan) => value.shrink && onChange({ ...value, shrink: { ...value.shrink, plan } })}
                />
              </>
            )}
          </>
        )}
      </section>

      <section className="tool-widget__part" aria-labelledby={`${id}-grow`}>
        <h3 id={`${id}-grow`} className="tool-widget__title">
          4. Grow one restorer
        </h3>
        {restorers.length === 0 ? (
          <p className="tool-widget__empty">Add a restorer to the map to plan how to make more room for it.</p>
        ) : (
          <>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-grow-item`}>
                The restorer to grow
              </label>
              <select
                id={`${id}-grow-item`}
                className="field__input"
                value={value.grow?.item ?? ""}
                onChange={(e) => onChange(chooseGrow(value, e.target.value))}
              >
                <option value="">Choose a restorer</option>
                {restorers.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
            {value.grow && (
              <PlanField
                label="Your plan to grow it"
                value={value.grow.plan}
                onChange={(plan) => value.grow && onChange({ ...value, grow: { ...value.grow, plan } })}
              />
            )}
          </>
        )}
      </section>

      <NoteField value={value.note} onChange={(note) => onChange({ ...value, note })} hint="Anything else you noticed while mapping your week." />
    </div>
  );
}

function PlanField({ label, value, onChange }: { label: string; value: string; onChange: (plan: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input tool-textarea" rows={3} maxLength={500} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
