import { Link } from "react-router-dom";
import { paths } from "../routing/paths.ts";
import "./NotFoundPage.css";

export function NotFoundPage() {
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <title>Page not found · Pathwise</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Error 404</p>
      <h1 id="not-found-title" className="not-found__title">
        We couldn’t find that page
      </h1>
      <p className="not-found__text">The link may be out of date, or the address may contain a typo. Everything on Pathwise starts from the home page.</p>
      <div className="not-found__actions">
        <Link to={paths.home} className="button button--primary">
          Go to the home page
        </Link>
        <Link to={paths.homeSection("assessments")} className="button button--secondary">
          Browse assessments
        </Link>
      </div>
    </section>
  );
}
