import type { ReactNode } from "react";
import { aboutMinutes } from "./tool-text.ts";
import type { ToolListItem } from "./tools-api.ts";

/** The tool's title (the page's h1), category, summary and how long it takes. */
export function ToolHeader({ tool, badge }: { tool: Pick<ToolListItem, "title" | "summary" | "minutes" | "category">; badge?: ReactNode }) {
  return (
    <header className="plan-page__head tool-page__head">
      <title>{`${tool.title} · Pathwise`}</title>
      {(tool.category || badge) && (
        <p className="eyebrow plan-page__cat">
          {tool.category}
          {badge}
        </p>
      )}
      <h1 className="account__title">{tool.title}</h1>
      {tool.summary && <p className="tool-page__summary">{tool.summary}</p>}
      {tool.minutes > 0 && <p className="plan-page__facts">{aboutMinutes(tool.minutes)}</p>}
    </header>
  );
}
