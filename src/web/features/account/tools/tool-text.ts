import type { ApiIssue } from "../../../shared/api/client.ts";

/** The tool's instructions sit under the page's "How to use this tool" (an h2): their own headings move one level down. */
export const nestHeadings = (html: string) => html.replace(/<(\/?)h([2-5])\b/gi, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);

/** A validation issue of a saved entry in plain words: "Week of: must be a Monday". */
export function describeIssue(issue: ApiIssue): string {
  const where = issue.path
    .replace(/^body\.(data\.?)?/, "")
    .split(".")
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `item ${Number(part) + 1}` : part.replace(/[-_]/g, " ")))
    .join(", ");
  return where ? `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${issue.message}` : issue.message;
}

/** "About 20 minutes". */
export const aboutMinutes = (minutes: number) => `About ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
