import type { z } from "zod";
import { cardSortConfig, cardSortEntry } from "./card-sort.ts";
import { energyMapConfig, energyMapEntry } from "./energy-map.ts";
import { negotiationScriptConfig, negotiationScriptEntry } from "./negotiation-script.ts";
import { weeklyAuditConfig, weeklyAuditEntry } from "./weekly-audit.ts";

/**
 * Every interactive tool kind: the schema of its config (a tool's front matter `config`) and of
 * what a customer saves in it, which depends on that config (card ids, category ids, fields).
 * The server validates both; the web derives its types from them. Add a kind here, then its
 * widget in src/web/features/account/tools/widgets/registry.ts.
 */
const toolKinds = {
  "card-sort": { config: cardSortConfig, entry: cardSortEntry },
  "weekly-audit": { config: weeklyAuditConfig, entry: weeklyAuditEntry },
  "energy-map": { config: energyMapConfig, entry: energyMapEntry },
  "negotiation-script": { config: negotiationScriptConfig, entry: negotiationScriptEntry },
} as const;

export type ToolKind = keyof typeof toolKinds;
export const toolKindNames = Object.keys(toolKinds) as [ToolKind, ...ToolKind[]];

/** The config schema of a kind. */
export const configSchema = (kind: ToolKind): z.ZodType => toolKinds[kind].config;

/** The entry schema of a kind for one tool's (already valid) config. */
export function entrySchema(kind: ToolKind, config: unknown): z.ZodType {
  const spec = toolKinds[kind];
  // Each kind's entry builder takes its own config type; the config was validated by spec.config.
  return (spec.entry as (c: unknown) => z.ZodType)(spec.config.parse(config));
}
