import { useId, type ReactNode } from "react";
import type { EnergyItem } from "./energy-map.ts";

type Props = {
  title: string;
  /** Shown while the map has no item of this direction. */
  empty: string;
  /** The items to choose from: the drains, or the restorers. */
  items: EnergyItem[];
  chooseLabel: string;
  placeholder: string;
  chosen: string | undefined;
  onChoose: (item: string) => void;
  /** What follows once an item is chosen: the way and the plan. */
  children?: ReactNode;
};

/** One of the energy map's planning parts: pick one item of a direction, then plan around it. */
export function EnergyMapPlanPart({ title, empty, items, chooseLabel, placeholder, chosen, onChoose, children }: Props) {
  const id = useId();
  return (
    <section className="tool-widget__part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tool-widget__title">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="tool-widget__empty">{empty}</p>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-item`}>
              {chooseLabel}
            </label>
            <select id={`${id}-item`} className="field__input" value={chosen ?? ""} onChange={(e) => onChoose(e.target.value)}>
              <option value="">{placeholder}</option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.label}
                </option>
              ))}
            </select>
          </div>
          {children}
        </>
      )}
    </section>
  );
}

/** A plan written in a few lines (up to 500 characters). */
export function PlanField({ label, value, onChange }: { label: string; value: string; onChange: (plan: string) => void }) {
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
