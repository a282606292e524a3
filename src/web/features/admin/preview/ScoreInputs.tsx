import { useId } from "react";
import type { PreviewScale } from "#schemas/api/admin-previews.ts";

type Props = {
  scales: PreviewScale[];
  positions: Record<string, number>;
  onChange: (id: string, position: number) => void;
};

/** A whole number within 0–100, or null for what is not a number. */
function toPosition(value: number): number | null {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : null;
}

/**
 * One slider and one number field (0–100 of the scale's own range) per scale of a report
 * template, both labelled with the scale's name, with its example position under them.
 */
export function ScoreInputs({ scales, positions, onChange }: Props) {
  const ids = useId();
  const set = (id: string, value: number) => {
    const position = toPosition(value);
    if (position !== null) onChange(id, position);
  };
  return (
    <fieldset>
      <legend>Scores, 0–100 of each scale’s range</legend>
      {scales.map((scale) => {
        const label = `${ids}-${scale.id}-label`;
        const number = `${ids}-${scale.id}-number`;
        const position = positions[scale.id] ?? scale.example;
        return (
          <div className="score-input" key={scale.id}>
            <label className="score-input__label" id={label} htmlFor={number}>
              {scale.name}
            </label>
            <input
              className="score-input__range"
              type="range"
              min={0}
              max={100}
              step={1}
              value={position}
              aria-labelledby={label}
              onChange={(e) => set(scale.id, e.target.valueAsNumber)}
            />
            <input
              id={number}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={position}
              aria-describedby={`${label}-example`}
              onChange={(e) => set(scale.id, e.target.valueAsNumber)}
            />
            <p className="score-input__example" id={`${label}-example`}>
              Example profile: {scale.example}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
