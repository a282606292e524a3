import { describe, expect, it } from "vitest";
import { energyMapEntry } from "#schemas/tools/energy-map.ts";
import { energyMap } from "../tool-fixtures.ts";
import { addItem, blankEnergyMap, chooseGrow, chooseShrink, itemsThat, quadrants, removeItem } from "./energy-map.ts";

describe("energy map", () => {
  it("adds items with fresh ids, sorts them into quadrants, and forgets plans for a removed item", () => {
    let v = addItem(blankEnergyMap(), { label: "  Monday meetings ", direction: "drains", effect: "large" });
    v = addItem(v, { label: "Pairing", direction: "restores", effect: "small" });
    expect(addItem(v, { label: "   ", direction: "drains", effect: "small" })).toBe(v);
    expect(v.items.map((i) => [i.id, i.label])).toEqual([
      ["item-1", "Monday meetings"],
      ["item-2", "Pairing"],
    ]);
    expect(quadrants(v.items).map((q) => [q.id, q.items.map((i) => i.id)])).toEqual([
      ["big-drains", ["item-1"]],
      ["small-drains", []],
      ["small-restorers", ["item-2"]],
      ["big-restorers", []],
    ]);
    expect(itemsThat(v, "drains").map((i) => i.label)).toEqual(["Monday meetings"]);
    expect(itemsThat(v, "restores").map((i) => i.label)).toEqual(["Pairing"]);
    v = chooseGrow(chooseShrink(energyMap, v, "item-1"), "item-2");
    expect(v.shrink).toEqual({ item: "item-1", strategy: "remove", plan: "" });
    expect(energyMapEntry(energyMap).safeParse(v).success).toBe(true);
    const removed = removeItem(v, "item-1");
    expect(removed.shrink).toBeNull();
    expect(removed.grow).toEqual({ item: "item-2", plan: "" });
    expect(addItem(removeItem(v, "item-2"), { label: "Walks", direction: "restores", effect: "large" }).items.at(-1)?.id).toBe("item-2");
  });
});
