import type { EnergyMapConfig, EnergyMapEntry } from "#schemas/tools/energy-map.ts";
import { addItem, chooseGrow, chooseShrink, itemsThat, MAX_ENERGY_ITEMS, removeItem } from "./energy-map.ts";
import { EnergyMapAddForm } from "./EnergyMapAddForm.tsx";
import { EnergyMapGrid } from "./EnergyMapGrid.tsx";
import { EnergyMapPlanPart, PlanField } from "./EnergyMapPlanPart.tsx";
import { EnergyMapStrategies } from "./EnergyMapStrategies.tsx";
import { NoteField } from "./NoteField.tsx";
import type { WidgetProps } from "./widget.ts";

/**
 * Energy map: items added by name, direction and size (EnergyMapAddForm), shown in four quadrants
 * (EnergyMapGrid); then one drain to shrink and one restorer to grow (EnergyMapPlanPart). The
 * changes themselves are the pure functions of energy-map.ts.
 */
export function EnergyMap({ config, value, onChange }: WidgetProps<EnergyMapConfig, EnergyMapEntry>) {
  const { shrink, grow } = value;
  return (
    <div className="tool-widget energy-map">
      <EnergyMapAddForm full={value.items.length >= MAX_ENERGY_ITEMS} onAdd={(item) => onChange(addItem(value, item))} />
      <EnergyMapGrid items={value.items} onRemove={(id) => onChange(removeItem(value, id))} />
      <EnergyMapPlanPart
        title="3. Shrink one drain"
        empty="Add a drain to the map to plan how to shrink it."
        items={itemsThat(value, "drains")}
        chooseLabel="The drain to shrink"
        placeholder="Choose a drain"
        chosen={shrink?.item}
        onChoose={(item) => onChange(chooseShrink(config, value, item))}
      >
        {shrink && (
          <>
            <EnergyMapStrategies config={config} chosen={shrink.strategy} onChoose={(strategy) => onChange({ ...value, shrink: { ...shrink, strategy } })} />
            <PlanField label="Your plan to shrink it" value={shrink.plan} onChange={(plan) => onChange({ ...value, shrink: { ...shrink, plan } })} />
          </>
        )}
      </EnergyMapPlanPart>
      <EnergyMapPlanPart
        title="4. Grow one restorer"
        empty="Add a restorer to the map to plan how to make more room for it."
        items={itemsThat(value, "restores")}
        chooseLabel="The restorer to grow"
        placeholder="Choose a restorer"
        chosen={grow?.item}
        onChoose={(item) => onChange(chooseGrow(value, item))}
      >
        {grow && <PlanField label="Your plan to grow it" value={grow.plan} onChange={(plan) => onChange({ ...value, grow: { ...grow, plan } })} />}
      </EnergyMapPlanPart>
      <NoteField value={value.note} onChange={(note) => onChange({ ...value, note })} hint="Anything else you noticed while mapping your week." />
    </div>
  );
}
