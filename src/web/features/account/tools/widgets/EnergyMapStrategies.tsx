import { useId } from "react";
import type { EnergyMapConfig } from "#schemas/tools/energy-map.ts";

/** How to shrink the chosen drain: one of the tool's strategies, with its hint. */
export function EnergyMapStrategies({ config, chosen, onChoose }: { config: EnergyMapConfig; chosen: string; onChoose: (strategy: string) => void }) {
  const id = useId();
  const strategy = config.strategies.find((s) => s.id === chosen);
  return (
    <>
      <fieldset className="tool-radios energy-map__strategies">
        <legend className="field__label">How</legend>
        {config.strategies.map((s) => (
          <label key={s.id} className="tool-choice">
            <input type="radio" name={`${id}-strategy`} checked={chosen === s.id} onChange={() => onChoose(s.id)} />
            {s.label}
          </label>
        ))}
      </fieldset>
      {strategy && <p className="tool-widget__hint energy-map__strategy-hint">{strategy.hint}</p>}
    </>
  );
}
