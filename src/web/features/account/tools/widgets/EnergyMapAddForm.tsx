import { useId, useState, type FormEvent } from "react";
import { MAX_ENERGY_ITEMS, type NewEnergyItem } from "./energy-map.ts";

const FRESH: NewEnergyItem = { label: "", direction: "drains", effect: "large" };

type Props = {
  /** The map holds MAX_ENERGY_ITEMS already: the button is off and says why. */
  full: boolean;
  onAdd: (item: NewEnergyItem) => void;
};

/** The energy map's first part: a named item, whether it drains or restores, and by how much. */
export function EnergyMapAddForm({ full, onAdd }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<NewEnergyItem>(FRESH);
  const [missingName, setMissingName] = useState(false);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.label.trim()) return setMissingName(true);
    onAdd(draft);
    setDraft({ ...draft, label: "" });
    setMissingName(false);
  };

  return (
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
  );
}
