import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import type { ArticleListItem } from "./library-api.ts";
import "../ui/card-grid.css";

export const readingTime = (minutes: number) => `${minutes} min read`;

/** An article in a grid: preview image, category, title as the link, summary, reading time. */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleListItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="content-card">
      {/* The title beside it says what the picture is about. */}
      <img className="content-card__pic" src={article.pic_preview} alt="" width={640} height={360} loading="lazy" decoding="async" />
      <div className="content-card__body">
        <p className="content-card__cat">{article.cat.name}</p>
        <Heading className="content-card__title">
          <Link to={paths.accountArticle(article.id)} className="content-card__link">
            {article.name}
          </Link>
        </Heading>
        <p className="content-card__summary">{article.summary}</p>
        <p className="content-card__minutes">{readingTime(article.reading_minutes)}</p>
      </div>
    </li>
  );
}
