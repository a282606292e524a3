import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { aboutMinutes } from "./tool-text.ts";
import type { ToolListItem } from "./tools-api.ts";

/** A tool in the list: image, category, title (the card's link), summary and how long it takes. */
export function ToolCard({ tool }: { tool: ToolListItem }) {
  return (
    <li className="content-card tool-card">
      <img className="content-card__pic" src={tool.pic} alt="" width={800} height={450} loading="lazy" decoding="async" />
      <div className="content-card__body">
        <p className="content-card__cat">{tool.category}</p>
        <h2 className="content-card__title">
          <Link to={paths.accountTool(tool.name)} className="content-card__link">
            {tool.title}
          </Link>
        </h2>
        <p className="tool-card__summary">{tool.summary}</p>
        <p className="content-card__facts tool-card__minutes">{aboutMinutes(tool.minutes)}</p>
      </div>
    </li>
  );
}
