import type { EnergyMapConfig, EnergyMapEntry } from "#schemas/tools/energy-map.ts";

export { MAX_ENERGY_ITEMS } from "#schemas/tools/energy-map.ts";

export type EnergyItem = EnergyMapEntry["items"][number];
export type NewEnergyItem = Omit<EnergyItem, "id">;

/** An empty map. */
export const blankEnergyMap = (): EnergyMapEntry => ({ items: [], shrink: null, grow: null, note: "" });

/** Adds an item with the next free id (item-1, item-2, …); a blank name adds nothing. */
export function addItem(value: EnergyMapEntry, item: NewEnergyItem): EnergyMapEntry {
  const label = item.label.trim();
  if (!label) return value;
  const used = value.items.map((i) => Number(/^item-(\d+)$/.exec(i.id)?.[1] ?? 0));
  const id = `item-${Math.max(0, ...used) + 1}`;
  return { ...value, items: [...value.items, { ...item, label, id }] };
}

/** Takes an item off the map, and out of the drain to shrink or the restorer to grow when it was that. */
export function removeItem(value: EnergyMapEntry, id: string): EnergyMapEntry {
  return {
    ...value,
    items: value.items.filter((i) => i.id !== id),
    shrink: value.shrink?.item === id ? null : value.shrink,
    grow: value.grow?.item === id ? null : value.grow,
  };
}

/** The items that drain, or the items that restore, in the order they were added. */
export const itemsThat = (value: EnergyMapEntry, direction: EnergyItem["direction"]): EnergyItem[] => value.items.filter((i) => i.direction === direction);

/** The map's four quadrants, in the order the page shows them. */
export function quadrants(items: EnergyItem[]) {
  const of = (direction: EnergyItem["direction"], effect: EnergyItem["effect"]) => items.filter((i) => i.direction === direction && i.effect === effect);
  return [
    { id: "big-drains", label: "Big drains", items: of("drains", "large") },
    { id: "small-drains", label: "Small drains", items: of("drains", "small") },
    { id: "small-restorers", label: "Small restorers", items: of("restores", "small") },
    { id: "big-restorers", label: "Big restorers", items: of("restores", "large") },
  ];
}

/** Chooses the drain to shrink (empty: none), keeping the strategy and plan already written. */
export function chooseShrink(config: EnergyMapConfig, value: EnergyMapEntry, item: string): EnergyMapEntry {
  if (!item) return { ...value, shrink: null };
  return { ...value, shrink: { item, strategy: value.shrink?.strategy ?? config.strategies[0]?.id ?? "", plan: value.shrink?.plan ?? "" } };
}

/** Chooses the restorer to grow (empty: none), keeping the plan already written. */
export function chooseGrow(value: EnergyMapEntry, item: string): EnergyMapEntry {
  return { ...value, grow: item ? { item, plan: value.grow?.plan ?? "" } : null };
}

/** "3 drains, 2 restorers; shrinking Monday meetings". */
export function energyMapSummary(_config: EnergyMapConfig, value: EnergyMapEntry): string {
  const drains = itemsThat(value, "drains").length;
  const restorers = value.items.length - drains;
  const label = (id: string | undefined) => value.items.find((i) => i.id === id)?.label;
  const plans = [label(value.shrink?.item) && `shrinking ${label(value.shrink?.item)}`, label(value.grow?.item) && `growing ${label(value.grow?.item)}`].filter(
    Boolean,
  );
  return `${drains} ${drains === 1 ? "drain" : "drains"}, ${restorers} ${restorers === 1 ? "restorer" : "restorers"}${plans.length ? `; ${plans.join(", ")}` : ""}`;
}
