import { cardSortConfig } from "#schemas/tools/card-sort.ts";
import { energyMapConfig } from "#schemas/tools/energy-map.ts";
import type { ToolKind } from "#schemas/tools/kinds.ts";
import { negotiationScriptConfig } from "#schemas/tools/negotiation-script.ts";
import { weeklyAuditConfig } from "#schemas/tools/weekly-audit.ts";
import type { Tool, ToolEntry, ToolListItem } from "./tools-api.ts";

/**
 * Tools as the API sends them, for the web tests and stories. Each config is parsed with its
 * kind's real schema, so a fixture that no longer fits the contract fails loudly.
 */
const words = ["Autonomy", "Balance", "Challenge", "Creativity", "Income", "Learning", "Mastery", "Purpose", "Security", "Variety"];

export const cardSort = cardSortConfig.parse({
  piles: [
    { id: "very", label: "Very important" },
    { id: "somewhat", label: "Somewhat important" },
    { id: "not", label: "Not important" },
  ],
  top: 3,
  cards: words.map((title) => ({ id: title.toLowerCase(), title, description: `What ${title.toLowerCase()} means at work.` })),
});

export const weeklyAudit = weeklyAuditConfig.parse({
  categories: [
    { id: "focused-work", label: "Focused work", hint: "Deep work on your main tasks." },
    { id: "meetings", label: "Meetings", hint: "Calls, stand-ups and one-to-ones." },
    { id: "admin", label: "Admin", hint: "E-mail, expenses and paperwork." },
  ],
});

export const energyMap = energyMapConfig.parse({
  strategies: [
    { id: "remove", label: "Remove it", hint: "Stop doing it, or hand it to someone else." },
    { id: "reshape", label: "Reshape it", hint: "Keep it, but change when or how it happens." },
  ],
});

export const negotiationScript = negotiationScriptConfig.parse({
  fields: [
    { id: "role", label: "Your role", hint: "The job title you negotiate for.", type: "text" },
    { id: "target", label: "Your target salary", hint: "The figure you ask for, from your research.", type: "money" },
    { id: "evidence", label: "Your evidence", hint: "Two or three results you can point to.", type: "long" },
    { id: "thanks", label: "A closing thanks", hint: "Optional: a line to end on, if you want one.", type: "text", required: false },
  ],
  sections: [
    { heading: "Opening", template: "Thank you for the offer for the {role} role." },
    { heading: "The ask", template: "Based on {evidence}, I am asking for {target}. {thanks}" },
  ],
});

const base = (id: number, name: string, title: string, kind: ToolKind, category: string): ToolListItem => ({
  id,
  name,
  title,
  kind,
  category,
  summary: `What the ${title.toLowerCase()} helps you do.`,
  pic: `/content-images/tool-${name}.svg`,
  minutes: 10 + id * 5,
});

export const toolItems: ToolListItem[] = [
  base(1, "values-card-sort", "Values card sort", "card-sort", "Career"),
  base(2, "weekly-time-audit", "Weekly time audit", "weekly-audit", "Productivity"),
  base(3, "salary-negotiation-script", "Salary negotiation script", "negotiation-script", "Money"),
  base(4, "energy-map", "Energy map", "energy-map", "Wellbeing"),
];

const configs: Record<ToolKind, Record<string, unknown>> = {
  "card-sort": cardSort,
  "weekly-audit": weeklyAudit,
  "energy-map": energyMap,
  "negotiation-script": negotiationScript,
};

/** One tool in full, by its URL name. */
export function toolFixture(name: string): Tool {
  const item = toolItems.find((t) => t.name === name);
  if (!item) throw new Error(`no fixture for ${name}`);
  return { ...item, config: configs[item.kind], text: `<h2>What you need</h2><p>Instructions for the ${item.title.toLowerCase()}.</p>` };
}

/** A saved entry as the server answers it. */
export function entryFixture(toolName: string, data: Record<string, unknown>, at: string, id = crypto.randomUUID()): ToolEntry {
  return { id, tool_name: toolName, data, created_at: at, updated_at: at };
}
