import { z } from "zod";
import { itemId, typed, uniqueIds } from "./common.ts";

/** Energy map: items placed by whether they drain or restore and how much; one drain to shrink, one restorer to grow. */
export const energyMapConfig = z
  .strictObject({
    /** Ways to shrink a drain (remove, reduce, reshape, …), each with a line on what it means. */
    strategies: z
      .array(z.strictObject({ id: itemId, label: z.string().min(2).max(40), hint: z.string().min(10).max(160) }))
      .min(2)
      .max(8),
  })
  .superRefine((c, ctx) => uniqueIds(c.strategies, ctx, "strategies"));
export type EnergyMapConfig = z.infer<typeof energyMapConfig>;

export const MAX_ENERGY_ITEMS = 40;

const item = z.strictObject({
  id: itemId,
  label: typed(80).pipe(z.string().min(1, "give the item a name")),
  direction: z.enum(["drains", "restores"]),
  effect: z.enum(["small", "large"]),
});

/** What a customer saves: the items on the map, the drain to shrink and how, the restorer to grow and when. */
export const energyMapEntry = (config: EnergyMapConfig) => {
  const strategies = new Set(config.strategies.map((s) => s.id));
  return z
    .strictObject({
      items: z.array(item).max(MAX_ENERGY_ITEMS),
      shrink: z
        .strictObject({ item: itemId, strategy: itemId, plan: typed(500) })
        .nullable()
        .default(null),
      grow: z
        .strictObject({ item: itemId, plan: typed(500) })
        .nullable()
        .default(null),
      note: typed(2000).default(""),
    })
    .superRefine((e, ctx) => {
      uniqueIds(e.items, ctx, "items");
      const byId = new Map(e.items.map((i) => [i.id, i]));
      if (e.shrink) {
        if (byId.get(e.shrink.item)?.direction !== "drains") ctx.addIssue({ code: "custom", path: ["shrink", "item"], message: "pick one of your drains" });
        if (!strategies.has(e.shrink.strategy))
          ctx.addIssue({ code: "custom", path: ["shrink", "strategy"], message: `no strategy "${e.shrink.strategy}" in this tool` });
      }
      if (e.grow && byId.get(e.grow.item)?.direction !== "restores")
        ctx.addIssue({ code: "custom", path: ["grow", "item"], message: "pick one of your restorers" });
    });
};
export type EnergyMapEntry = z.infer<ReturnType<typeof energyMapEntry>>;
