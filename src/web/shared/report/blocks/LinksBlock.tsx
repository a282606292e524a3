import { ReportLink } from "../ReportLink.tsx";
import type { BlockOf, BlockProps } from "./types.ts";

type LinkType = BlockOf<"links">["items"][number]["type"];

const TYPE_LABEL: Record<LinkType, string> = { plan: "Plan", article: "Article", tool: "Tool", profession: "Profession", page: "Read more" };

/** Cards into the account (plans, articles, tools, professions); the whole card is the link's target. */
export function LinksBlock({ block }: BlockProps<"links">) {
  return (
    <ul className="report-links">
      {block.items.map((item, index) => (
        <li key={`${item.href}-${index}`} className="report-link-card" data-type={item.type}>
          <p className="report-link-card__type">{TYPE_LABEL[item.type]}</p>
          <p className="report-link-card__title">
            <ReportLink href={item.href} className="report-link-card__link">
              {item.title}
            </ReportLink>
          </p>
          <p className="report-link-card__text">{item.text}</p>
          <span className="report-link-card__arrow" aria-hidden="true">
            →
          </span>
        </li>
      ))}
    </ul>
  );
}
