import type { ApiIssue } from "#web/shared/api/client.ts";

/** The tool's instructions sit under the page's "How to use this tool" (an h2): their own headings move one level down. */
export const nestHeadings = (html: string) => html.replace(/<(\/?)h([2-5])\b/gi, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);

/** The names a tool's config gives its ids (cards' titles, categories' and fields' labels), to word issues with. */
export function configNames(config: unknown, names = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(config)) for (const item of config) configNames(item, names);
  else if (config && typeof config === "object") {
    const { id, label, title } = config as Record<string, unknown>;
    const name = typeof label === "string" ? label : title;
    if (typeof id === "string" && typeof name === "string" && !names.has(id)) names.set(id, name);
    for (const value of Object.values(config)) configNames(value, names);
  }
  return names;
}

/** A validation issue of a saved entry in plain words: "Hours, Meetings, spent: use quarter hours". */
export function describeIssue(issue: ApiIssue, names: Map<string, string> = new Map()): string {
  const where = issue.path
    .replace(/^body\.(data\.?)?/, "")
    .split(".")
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `item ${Number(part) + 1}` : (names.get(part) ?? part.replace(/[-_]/g, " "))))
    .join(", ");
  return where ? `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${issue.message}` : issue.message;
}

/** "About 20 minutes". */
export const aboutMinutes = (minutes: number) => `About ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
