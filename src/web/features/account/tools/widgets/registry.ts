import { cardSortConfig, cardSortEntry, type CardSortConfig, type CardSortEntry } from "#schemas/tools/card-sort.ts";
import { energyMapConfig, energyMapEntry, type EnergyMapConfig, type EnergyMapEntry } from "#schemas/tools/energy-map.ts";
import type { ToolKind } from "#schemas/tools/kinds.ts";
import {
  negotiationScriptConfig,
  negotiationScriptEntry,
  type NegotiationScriptConfig,
  type NegotiationScriptEntry,
} from "#schemas/tools/negotiation-script.ts";
import { weeklyAuditConfig, weeklyAuditEntry, type WeeklyAuditConfig, type WeeklyAuditEntry } from "#schemas/tools/weekly-audit.ts";
import { CardSort } from "./CardSort.tsx";
import { blankCardSort, cardSortSummary } from "./card-sort.ts";
import { EnergyMap } from "./EnergyMap.tsx";
import { blankEnergyMap, energyMapSummary } from "./energy-map.ts";
import { NegotiationScript } from "./NegotiationScript.tsx";
import { blankNegotiationScript, negotiationScriptSummary } from "./negotiation-script.ts";
import { WeeklyAudit } from "./WeeklyAudit.tsx";
import { blankWeeklyAudit, weeklyAuditSummary } from "./weekly-audit.ts";
import { savedWith, type WidgetSpec } from "./widget.ts";

type Specs = {
  "card-sort": WidgetSpec<CardSortConfig, CardSortEntry>;
  "weekly-audit": WidgetSpec<WeeklyAuditConfig, WeeklyAuditEntry>;
  "energy-map": WidgetSpec<EnergyMapConfig, EnergyMapEntry>;
  "negotiation-script": WidgetSpec<NegotiationScriptConfig, NegotiationScriptEntry>;
};

/** The widget of every tool kind (schemas/tools/kinds.ts): a new kind is one entry here. */
const widgets: { [K in ToolKind]: Specs[K] } = {
  "card-sort": { config: cardSortConfig, Component: CardSort, blank: blankCardSort, fromSaved: savedWith(cardSortEntry), summary: cardSortSummary },
  "weekly-audit": {
    config: weeklyAuditConfig,
    Component: WeeklyAudit,
    blank: () => blankWeeklyAudit(),
    fromSaved: savedWith(weeklyAuditEntry),
    summary: weeklyAuditSummary,
  },
  "energy-map": { config: energyMapConfig, Component: EnergyMap, blank: blankEnergyMap, fromSaved: savedWith(energyMapEntry), summary: energyMapSummary },
  "negotiation-script": {
    config: negotiationScriptConfig,
    Component: NegotiationScript,
    blank: blankNegotiationScript,
    fromSaved: savedWith(negotiationScriptEntry),
    summary: negotiationScriptSummary,
  },
};

/** A kind's widget with its types erased, for the page that picks it at run time by `kind`. */
export const widgetFor = (kind: ToolKind) => widgets[kind] as unknown as WidgetSpec<unknown, unknown>;
